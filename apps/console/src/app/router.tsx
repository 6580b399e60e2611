import { createHashRouter, Navigate } from 'react-router';
import { ReviewItemPage } from '../features/reviews/pages/ReviewItemPage';
import { ReviewQueuePage } from '../features/reviews/pages/ReviewQueuePage';
import { Paths, setNavigator } from '../lib/navigation';
import { ConsoleLayout } from './ConsoleLayout';
import { REVIEW_QUEUES } from './queues';
import { RequireOperator } from './RequireOperator';

const strip = (path: string) => path.replace(/^\//, '');
const firstQueue = REVIEW_QUEUES[0];

/** The console's routes (hash routes under /console/); every page but login needs an operator. */
export const routes = [
  {
    path: Paths.login,
    lazy: async () => ({ Component: (await import('../features/accounts/pages/LoginPage')).default }),
  },
  {
    path: Paths.home,
    element: (
      <RequireOperator>
        <ConsoleLayout />
      </RequireOperator>
    ),
    children: [
      {
        index: true,
        element: <Navigate to={firstQueue ? Paths.reviewQueue(firstQueue.key) : Paths.operatorActions} replace />,
      },
      ...REVIEW_QUEUES.flatMap((queue) => [
        { path: strip(Paths.reviewQueue(queue.key)), element: <ReviewQueuePage queue={queue} /> },
        {
          path: `${strip(Paths.reviewQueue(queue.key))}/:id`,
          element: <ReviewItemPage queue={queue} key={queue.key} />,
        },
      ]),
      {
        path: strip(Paths.operatorActions),
        lazy: async () => ({ Component: (await import('../features/operators/pages/ActionLogPage')).default }),
      },
      {
        path: strip(Paths.payOrders),
        lazy: async () => ({ Component: (await import('../features/payments/pages/PayOrdersPage')).default }),
      },
      {
        path: strip(Paths.tradeOrders),
        lazy: async () => ({ Component: (await import('../features/orders/pages/TradeOrdersPage')).default }),
      },
      {
        path: strip(Paths.users),
        lazy: async () => ({ Component: (await import('../features/accounts/pages/UsersPage')).default }),
      },
      {
        path: strip(Paths.plans),
        lazy: async () => ({ Component: (await import('../features/memberships/pages/PlansPage')).default }),
      },
      {
        path: strip(Paths.grant),
        lazy: async () => ({ Component: (await import('../features/memberships/pages/GrantPage')).default }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./NotFoundPage')).default }) },
    ],
  },
];

export const router = createHashRouter(routes);

setNavigator((to) => {
  void router.navigate(to);
});
