import { defineModule } from '../../platform/module';
import { FORECAST_JOBS } from './forecasts.jobs';
import { forecastsRoutes } from './forecasts.routes';

export const forecastsModule = defineModule({
  name: 'forecasts',
  routes: forecastsRoutes,
  jobs: () => FORECAST_JOBS,
});
