import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { profileSectionAtom } from '../../features/profile/atoms';
import { searchOpenAtom } from '../../features/search/atoms';
import { whenTextsReady } from '../../lib/i18n';
import { onNoticeWaiting } from '../../lib/notify';
import { mobileMenuOpenAtom } from './shell-atoms';

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));
// Overlays use texts beyond the first-paint bundle, so they also wait for those.
const withTexts = <T,>(module: () => Promise<T>) => whenTextsReady().then(module);
const SearchDialog = lazy(() => withTexts(() => import('../../features/search/components/search-dialog')).then((m) => ({ default: m.SearchDialog })));
const ProfileModal = lazy(() => withTexts(() => import('../../features/profile/components/profile-modal')).then((m) => ({ default: m.ProfileModal })));
const MobileMenu = lazy(() => withTexts(() => import('./mobile-menu')).then((m) => ({ default: m.MobileMenu })));

/** True from the first time `flag` is true: the overlay stays mounted so it can animate closed. */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  useEffect(() => {
    if (flag) setSeen(true);
  }, [flag]);
  return seen || flag;
}

export function ToasterHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onNoticeWaiting(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Overlays whose code is fetched on first use, keeping them out of the first paint. */
export function OverlayHosts() {
  const search = useOnceTrue(useAtomValue(searchOpenAtom));
  const profile = useOnceTrue(useAtomValue(profileSectionAtom) !== null);
  const menu = useOnceTrue(useAtomValue(mobileMenuOpenAtom));
  return (
    <Suspense fallback={null}>
      {search && <SearchDialog />}
      {profile && <ProfileModal />}
      {menu && <MobileMenu />}
    </Suspense>
  );
}
