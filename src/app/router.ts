import { createBrowserRouter } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

/** Created after i18n is ready: the first loaders may already need translated messages. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, options) => void router.navigate(to, options));
  return router;
}
