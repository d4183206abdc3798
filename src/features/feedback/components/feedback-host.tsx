import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DataProvider } from '../../../lib/components/data-provider';
import { feedbackFormOpenAtom } from '../../../lib/feedback-form';
import { loginUrl } from '../../../lib/navigation';
import { userInfoAtom } from '../../../lib/session';
import { afterDialogsClose } from '../after-dialogs-close';
import { hasFeedbackButton, withoutReturnMarker, withReturnMarker } from '../paths';
import { FeedbackButton } from './feedback-button';
import { LoginPrompt } from './login-prompt';

/** True from the first time `flag` is true. */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  useEffect(() => {
    if (flag) setSeen(true);
  }, [flag]);
  return seen || flag;
}

const FeedbackDialog = lazy(() => import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));

/**
 * The floating button on the pages that have it, and the feedback form wherever it is opened from
 * (the button, the profile's feedback history, or `?feedback=open` on the way back from login).
 */
export function FeedbackHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const [open, setOpen] = useAtom(feedbackFormOpenAtom);
  const [askLogin, setAskLogin] = useState(false);
  const { pathname, search, hash } = location;

  // Back from the login page: open the form and drop the marker from the address.
  useEffect(() => {
    const rest = withoutReturnMarker(search);
    if (rest === null || !user) return;
    setOpen(true);
    void navigate({ pathname, search: rest, hash }, { replace: true });
  }, [pathname, search, hash, user, navigate, setOpen]);

  // Where to log in and come back to; the page is left once the dialogs have closed.
  const [loginReturn, setLoginReturn] = useState<string | null>(null);
  useEffect(() => {
    if (loginReturn === null) return;
    return afterDialogsClose(() => void navigate(loginUrl(loginReturn)));
  }, [loginReturn, navigate]);

  const goLogin = () => {
    setAskLogin(false);
    setOpen(false);
    setLoginReturn(withReturnMarker(pathname, search));
  };

  // The dialogs stay mounted once shown and open and close through `open`, with Fluent's own closing.
  const formShown = useOnceTrue(open && user !== null);
  // Not mounted before it is first needed: a closed dialog still costs its hooks on every page.
  const promptShown = useOnceTrue(askLogin && !user);
  return (
    <>
      {hasFeedbackButton(pathname) && <FeedbackButton onClick={() => (user ? setOpen(true) : setAskLogin(true))} />}
      {promptShown && <LoginPrompt open={askLogin && !user} onLogin={goLogin} onClose={() => setAskLogin(false)} />}
      {formShown && user && (
        <Suspense fallback={null}>
          <DataProvider>
            <FeedbackDialog open={open} user={user} onClose={() => setOpen(false)} onSignedOut={goLogin} />
          </DataProvider>
        </Suspense>
      )}
    </>
  );
}
