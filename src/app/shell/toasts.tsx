import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { subscribeNotices } from '../../lib/notify';

/** Fluent's toaster, fed by lib/notify; loaded on the first message. */
export function Toasts() {
  const toasterId = useId('app-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(
    () =>
      subscribeNotices((notice) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{notice.message}</ToastTitle>
          </Toast>,
          { intent: notice.intent, timeout: notice.intent === 'error' ? 6000 : 4000 },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={toasterId} position="top" pauseOnHover pauseOnWindowBlur />;
}
