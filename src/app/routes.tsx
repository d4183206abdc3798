import { redirect, type RouteObject } from 'react-router-dom';
import { LazyErrorPage as ErrorPage } from './pages/lazy-error-page';
import { RouteFallback } from './pages/route-fallback';
import { adminPage, requireAdmin, requireAuth } from './guards/lazy-loaders';
import { whenTextsReady } from '../lib/i18n';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { pdfToolLoader } from '../features/pdf-tools/loader';

/**
 * Every route of spec §2. React Router matches case-insensitively by default (caseSensitive is
 * false), so /Pricing and /PRODUCTS/imagetools reach their pages; params keep the typed case and
 * the convert page lower-cases its {type}. Every page is a lazy chunk.
 *
 * /about and /contact are not in the spec's route table, but the footer and menus link to
 * "about us" and "contact us", so they get their own public pages here.
 */
/** Pages beyond home use texts outside the first-paint bundle: wait for them with the code. */
function withTexts<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, whenTextsReady()]).then(([m]) => m);
}

const homeRoute: RouteObject = {
  index: true,
  lazy: () => import('../features/home/components/home-page').then((m) => ({ Component: m.HomePage })),
};

const pageRoutes: RouteObject[] = [
  {
    // An unknown {name} is a 404 from the loader: the error boundary shows Not Found.
    path: 'detail/:name',
    lazy: () =>
      Promise.all([import('../features/detail/components/detail-page'), import('../features/detail/loader')]).then(([page, data]) => ({
        Component: page.DetailPage,
        loader: data.detailLoader,
      })),
  },
  {
    path: 'payment',
    loader: requireAuth,
    handle: { requiresAuth: true },
    lazy: () => import('../features/payment/components/payment-page').then((m) => ({ Component: m.PaymentPage })),
    children: [
      {
        path: 'result/:orderId',
        lazy: () => import('../features/payment/components/payment-result-page').then((m) => ({ Component: m.PaymentResultPage })),
      },
      {
        // The built-in test provider's checkout (payUrl of the default provider).
        path: 'sandbox/:paymentId',
        lazy: () => import('../features/payment/components/sandbox-page').then((m) => ({ Component: m.SandboxPage })),
      },
    ],
  },
  {
    path: 'products/convert/introduce',
    lazy: () => import('../features/convert/components/convert-intro-page').then((m) => ({ Component: m.ConvertIntroPage })),
  },
  {
    path: 'products/convert/:type',
    loader: requireAuth,
    handle: { requiresAuth: true },
    lazy: () => import('../features/convert/components/convert-page').then((m) => ({ Component: m.ConvertPage })),
  },
  {
    // The PDF tools (issue 30): an unknown {tool} is Not Found before the login check.
    path: 'products/pdf/:tool',
    loader: (args) => (pdfToolLoader(args), requireAuth(args)),
    handle: { requiresAuth: true },
    lazy: () => withTexts(import('../features/pdf-tools/components/pdf-tool-page')).then((m) => ({ Component: m.PdfToolPage })),
  },
  {
    path: 'products/qaBot',
    loader: requireAuth,
    handle: { requiresAuth: true },
    lazy: () => import('../features/qa-bot/components/qa-bots-page').then((m) => ({ Component: m.QaBotsPage })),
  },
  {
    path: 'products/qaBot/:botId',
    loader: requireAuth,
    handle: { requiresAuth: true },
    lazy: () => import('../features/qa-bot/components/qa-bot-page').then((m) => ({ Component: m.QaBotPage })),
  },
  {
    path: 'products/automation',
    loader: requireAuth,
    handle: { requiresAuth: true },
    lazy: () => import('../features/automation/components/automation-page').then((m) => ({ Component: m.AutomationPage })),
  },
  {
    // Open to signed-out visitors: the PDF reader runs on the device (web pages and translation ask the server).
    path: 'products/reader',
    lazy: () => import('../features/reading/components/reader-page').then((m) => ({ Component: m.ReaderPage })),
  },
  {
    path: 'products/imageTools',
    lazy: () => import('../features/image-tools/components/image-tools-page').then((m) => ({ Component: m.ImageToolsPage })),
  },
  { path: 'products/youtube', lazy: () => import('../features/youtube/components/youtube-page').then((m) => ({ Component: m.YoutubePage })) },
  {
    path: 'products/youtube/introduce',
    lazy: () => import('../features/youtube/components/youtube-intro-page').then((m) => ({ Component: m.YoutubeIntroPage })),
  },
  {
    path: 'products/videoTools',
    lazy: () => import('../features/video-tools/components/video-tools-layout').then((m) => ({ Component: m.VideoToolsLayout })),
    children: [
      { index: true, lazy: () => import('../features/video-tools/components/video-tools-overview').then((m) => ({ Component: m.VideoToolsOverview })) },
      { path: 'panels/subscribe', lazy: () => withTexts(import('../features/video-tools/subscribe/subscribe-panel')).then((m) => ({ Component: m.SubscribePanel })) },
      { path: 'panels/download', lazy: () => import('../features/video-tools/download/download-panel').then((m) => ({ Component: m.DownloadPanel })) },
      // In-browser cutting and merging (ffmpeg.wasm); served cross-origin isolated (api/http/static-files.ts) for the threaded core.
      { path: 'panels/cropping', lazy: () => withTexts(import('../features/video-tools/cropping/cropping-panel')).then((m) => ({ Component: m.CroppingPanel })) },
      { path: 'panels/merge', lazy: () => withTexts(import('../features/video-tools/merge/merge-panel')).then((m) => ({ Component: m.MergePanel })) },
      { path: 'configure/config', lazy: () => import('../features/video-tools/config/config-panel').then((m) => ({ Component: m.ConfigPanel })) },
    ],
  },
  { path: 'pricing', lazy: () => import('../features/pricing/components/pricing-page').then((m) => ({ Component: m.PricingPage })) },
  { path: 'terms', lazy: () => import('../features/legal/components/terms-page').then((m) => ({ Component: m.TermsPage })) },
  { path: 'about', lazy: () => import('../features/legal/components/about-page').then((m) => ({ Component: m.AboutPage })) },
  { path: 'contact', lazy: () => import('../features/legal/components/contact-page').then((m) => ({ Component: m.ContactPage })) },
  { path: 'not-found', lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
  { path: '*', lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
];

const adminRoutes: RouteObject[] = [
  { index: true, loader: () => redirect('/admin/dashboard') },
  { path: 'dashboard', lazy: adminPage(() => import('../features/admin/dashboard/components/dashboard-page').then((m) => m.DashboardPage)) },
  { path: 'products/convert', lazy: adminPage(() => import('../features/admin/products/components/convert-tools-page').then((m) => m.ConvertToolsPage)) },
  { path: 'products/writing', lazy: adminPage(() => import('../features/admin/products/components/writing-tools-page').then((m) => m.WritingToolsPage)) },
  { path: 'panels/product', lazy: adminPage(() => import('../features/admin/panels/components/publish-product-page').then((m) => m.PublishProductPage)) },
  { path: 'panels/bundle', lazy: adminPage(() => import('../features/admin/panels/components/publish-bundle-page').then((m) => m.PublishBundlePage)) },
  { path: 'charge-orders/charge', lazy: adminPage(() => import('../features/admin/charge-orders/components/charge-page').then((m) => m.ChargePage)) },
  { path: 'charge-orders/orders', lazy: adminPage(() => import('../features/admin/charge-orders/components/orders-page').then((m) => m.OrdersPage)) },
  { path: 'feedback', lazy: adminPage(() => import('../features/admin/feedback/components/feedback-page').then((m) => m.FeedbackPage)) },
  { path: 'users', lazy: adminPage(() => import('../features/admin/users/components/users-page').then((m) => m.UsersPage)) },
  { path: 'audit', lazy: adminPage(() => import('../features/admin/audit/components/audit-page').then((m) => m.AuditPage)) },
  { path: '*', lazy: () => import('./pages/admin-not-found-page').then((m) => ({ Component: m.AdminNotFoundPage })) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: RouteFallback,
    children: [
      {
        element: <MainLayout />,
        // Nested boundary: a page crash keeps the header and footer on screen.
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              homeRoute,
              { lazy: () => withTexts(import('./layouts/data-layout')).then((m) => ({ Component: m.DataLayout })), children: pageRoutes },
            ],
          },
        ],
      },
      {
        lazy: () => withTexts(import('./layouts/bare-layout')).then((m) => ({ Component: m.BareLayout })),
        children: [
          { path: 'login', lazy: () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })) },
          { path: 'register', lazy: () => import('../features/auth/components/register-page').then((m) => ({ Component: m.RegisterPage })) },
          { path: 'verify-email', lazy: () => import('../features/auth/components/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })) },
          { path: 'google-link', lazy: () => import('../features/auth/components/google-link-page').then((m) => ({ Component: m.GoogleLinkPage })) },
        ],
      },
      {
        path: 'admin',
        loader: requireAdmin,
        lazy: () => withTexts(import('./layouts/admin-layout')).then((m) => ({ Component: m.AdminLayout })),
        children: [{ errorElement: <ErrorPage />, children: adminRoutes }],
      },
    ],
  },
];
