// The browser side of the protocol, for the web app and the operators' console (not for the server).
export * from './api-client';
export * from './storage';
