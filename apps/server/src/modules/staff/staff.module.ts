import { defineModule } from '../../platform/module';
import { staffRoutes } from './staff.routes';

/** Employees and roles (issue 19): who acts for a company, and with which permissions (enforced in protocol.ts). */
export const staffModule = defineModule({ name: 'staff', routes: staffRoutes });
