import { Button, Field, Input, Link, Text, Title3 } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helperUrl, setHelperUrl } from '../../../lib/local-helper-client';
import { useConfigStyles } from './styles';

/** Where the build serves the single-file helper (scripts/build/helper-bundle.ts). */
export const HELPER_SCRIPT_PATH = '/helper/video-helper.mjs';

/** How to start the helper: the project's npm script, or the single file with Node; and its address. */
export function StartHelp({ onAddressChanged }: { onAddressChanged: () => void }) {
  const styles = useConfigStyles();
  const { t } = useTranslation();
  const [address, setAddress] = useState(helperUrl);
  const origin = window.location.origin;
  const envPrefix = /^http:\/\/(127\.0\.0\.1|localhost):8080$/.test(origin) ? '' : `HELPER_APP_ORIGIN=${origin} `;
  return (
    <section className={styles.section} aria-labelledby="helper-start">
      <Title3 as="h2" id="helper-start">
        {t('videoHelper.config.startHeading')}
      </Title3>
      <Text>{t('videoHelper.config.startNpm')}</Text>
      <code className={styles.code}>{`${envPrefix}npm run helper`}</code>
      <Text>{t('videoHelper.config.startScript')}</Text>
      <div>
        <Link href={HELPER_SCRIPT_PATH} download="video-helper.mjs">
          <ArrowDownloadRegular aria-hidden /> {t('videoHelper.config.downloadScript')}
        </Link>
      </div>
      <code className={styles.code}>{`${envPrefix}node video-helper.mjs`}</code>
      <Text className={styles.muted}>{t('videoHelper.config.needsTools')}</Text>
      {envPrefix !== '' && <Text className={styles.muted}>{t('videoHelper.config.originNote', { origin })}</Text>}
      <form
        className={styles.row}
        onSubmit={(e) => {
          e.preventDefault();
          setHelperUrl(address);
          setAddress(helperUrl());
          onAddressChanged();
        }}
      >
        <Field label={t('videoHelper.config.addressLabel')} hint={t('videoHelper.config.addressHint')} className={styles.grow}>
          <Input value={address} onChange={(_, d) => setAddress(d.value)} type="url" />
        </Field>
        <Button type="submit">{t('videoHelper.config.saveAddress')}</Button>
      </form>
    </section>
  );
}
