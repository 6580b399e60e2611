import { defineModule } from '../../platform/module';
import { calendarRoutes } from './calendar.routes';

export const calendarModule = defineModule({
  name: 'calendar',
  routes: calendarRoutes,
});
