import { ContactSection } from './contact-section';
import { CustomerComments } from './customer-comments';
import { FeatureCards } from './feature-cards';
import { Showcase } from './showcase';

/** The home sections under the hero (feature cards onwards), in their own chunk so they do not delay the first paint. */
export function HomeBelowFold() {
  return (
    <>
      <FeatureCards />
      <Showcase />
      <CustomerComments />
      <ContactSection />
    </>
  );
}
