import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageContainer } from '../../../lib/components/page-container';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { findOffering, type Offering } from '../../../lib/offerings';
import { DetailHero } from './detail-hero';
import { DetailSections } from './detail-sections';
import { OtherOfferings } from './other-offerings';

const useStyles = makeStyles({
  body: { paddingTop: '36px', paddingBottom: '64px' },
});

function Detail({ offering }: { offering: Offering }) {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t(`detail.offerings.${offering.id}.title`));
  return (
    <div data-testid="detail-page" data-offering={offering.name}>
      <DetailHero offering={offering} />
      <PageContainer className={styles.body}>
        <DetailSections offering={offering} />
        <OtherOfferings current={offering} />
      </PageContainer>
    </div>
  );
}

/**
 * /detail/{name}: one offering of the home page: what it does, where it runs, what it costs in
 * quota, and the call to start. The route's loader (../loader.ts) turns unknown names into 404.
 */
export function DetailPage() {
  const offering = findOffering(useParams().name);
  // The loader already refused unknown names; this only satisfies the type.
  return offering ? <Detail key={offering.name} offering={offering} /> : null;
}
