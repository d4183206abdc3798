import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

/** /detail/{name}: a product's detail page. */
export function DetailPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const readable = name.replace(/[-_]+/g, ' ');
  return <ComingSoonPage eyebrow={t('tools.detail.eyebrow')} title={readable} description={t('tools.detail.description', { name: readable })} />;
}
