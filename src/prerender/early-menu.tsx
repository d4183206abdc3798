import { makeStyles, renderToStyleElements, type GriffelRenderer } from '@fluentui/react-components';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { MobileMenuContent } from '../app/shell/mobile-menu-content';
import { tokens } from '../lib/tokens';

const useStyles = makeStyles({
  backdrop: { position: 'fixed', inset: 0, zIndex: 1000, backgroundColor: tokens.colorBackgroundOverlay },
  // Fluent's small overlay drawer at the end, as the app's menu (mobile-menu.tsx) shows it.
  surface: {
    position: 'fixed',
    top: 0,
    bottom: 0,
    right: 0,
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    width: '320px',
    maxWidth: '100vw',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow64,
    outline: 'none',
  },
});

/**
 * The small-screen menu as the build writes it into a landing page's `<template id="early-menu">`
 * (render-page.tsx): shown at the first tap on the menu button, before the app has started
 * (src/app/early-taps.ts), until the app's own menu takes over. Never rendered by the app.
 */
export function EarlyMenu() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.backdrop} data-menu-close="" />
      <div className={styles.surface} role="dialog" aria-modal="true" aria-label={t('nav.menu')} tabIndex={-1}>
        <MobileMenuContent onClose={() => undefined} />
      </div>
    </>
  );
}

/**
 * The menu's style rules that the page does not have already, as style elements for the template:
 * the page's head stays as small as before, and the browser parses them only when the menu opens.
 * Without Griffel's attributes, so that the app, starting while the early menu is open, does not
 * take them over (rehydrate-styles.ts) and lose them when the early menu goes.
 */
export function earlyMenuStyles(page: GriffelRenderer, menu: GriffelRenderer): string {
  const onPage = new Set(Object.values(page.stylesheets).flatMap((sheet) => sheet?.cssRules() ?? []));
  const stylesheets = Object.fromEntries(
    Object.entries(menu.stylesheets).map(([key, sheet]) => [key, sheet && { ...sheet, cssRules: () => sheet.cssRules().filter((rule) => !onPage.has(rule)) }]),
  );
  return renderToStaticMarkup(<>{renderToStyleElements({ ...menu, stylesheets })}</>).replace(/ data-make-styles-[a-z]+="[^"]*"/g, '');
}
