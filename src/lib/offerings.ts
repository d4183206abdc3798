import { PATHS } from './paths';

/**
 * What an offering can do today: all of it, part of it (the rest is being built), or nothing
 * yet. The home cards and the detail pages say so, so no text promises a tool that is not there.
 */
export type Availability = 'available' | 'partial';

export interface Offering {
  /** The {name} of /detail/{name}. */
  name: string;
  /** Its i18n key segment (homeSections.features.cards.<id>, detail.offerings.<id>). */
  id: 'converter' | 'imageTools' | 'videoTools' | 'reader' | 'qaBot' | 'automation' | 'aiImages';
  availability: Availability;
  /** Where its call to start leads: the tool, the page it will live on, or (no page yet) contact. */
  start: string;
}

/** Spec §1's offerings shown on the home page: the converter, image and video tools, and the four AI offerings. */
export const OFFERINGS: readonly Offering[] = [
  { name: 'converter', id: 'converter', availability: 'available', start: PATHS.convertIntro },
  { name: 'ai-qa-bot', id: 'qaBot', availability: 'available', start: PATHS.qaBot },
  { name: 'ai-reader', id: 'reader', availability: 'available', start: PATHS.reader },
  { name: 'ai-automation', id: 'automation', availability: 'available', start: PATHS.automation },
  { name: 'ai-image-tools', id: 'aiImages', availability: 'available', start: PATHS.imageTools },
  { name: 'image-tools', id: 'imageTools', availability: 'available', start: PATHS.imageTools },
  { name: 'video-tools', id: 'videoTools', availability: 'available', start: PATHS.videoTools },
];

const AI_OFFERINGS: readonly Offering['id'][] = ['qaBot', 'reader', 'aiImages', 'automation'];

/** The AI offerings that can be used today: the header's "AI tools" menu. */
export const AI_TOOLS_MENU: readonly Offering[] = OFFERINGS.filter((o) => AI_OFFERINGS.includes(o.id));

export const detailPath = (name: string) => `/detail/${name}`;

/** Routes match case-insensitively, so /detail/Converter is the converter too. */
export function findOffering(name: string | undefined): Offering | undefined {
  const wanted = name?.toLowerCase();
  return OFFERINGS.find((o) => o.name === wanted);
}
