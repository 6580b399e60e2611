export { storage } from '@metal/shared/client';
export { StorageKeys } from './storageKeys';
