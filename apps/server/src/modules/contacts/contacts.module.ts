import { defineModule } from '../../platform/module';
import { contactsRoutes } from './contacts.routes';

export const contactsModule = defineModule({
  name: 'contacts',
  routes: contactsRoutes,
});
