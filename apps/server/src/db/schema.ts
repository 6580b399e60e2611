export * from '../modules/accounts/accounts.table';
export * from '../modules/calendar/calendar.table';
export * from '../modules/companies/companies.table';
export * from '../modules/footprints/footprints.table';
export * from '../modules/markets/markets.table';
export * from '../modules/operators/operators.table';
export * from '../modules/push/push.table';
export * from '../platform/scheduler.table';
