import { useMemo } from 'react';
import useSWR from 'swr';
import { buildCards, type ConvertCard, type FeatureId } from '@contracts/convert-catalogue';
import { FEATURES_KEY, type Feature } from '../api';

/** The spec's category order on the catalogue page. */
const CATEGORY_ORDER: readonly FeatureId[] = ['word', 'pdf', 'ppt', 'excel'];

export interface CardCategory {
  id: FeatureId;
  cards: ConvertCard[];
}

/** The conversions on offer (served from the database, so staff can switch some off), as cards by category. */
export function useConvertCards() {
  const { data, error, isLoading, mutate } = useSWR<Feature[], unknown>(FEATURES_KEY);
  const categories = useMemo<CardCategory[]>(() => {
    if (!data) return [];
    return CATEGORY_ORDER.flatMap((id) => {
      const feature = data.find((f) => f.id === id);
      const cards = feature ? buildCards(feature) : [];
      return cards.length > 0 ? [{ id, cards }] : [];
    });
  }, [data]);
  return { categories, error, isLoading: isLoading && !data, retry: () => void mutate() };
}

export function findCardIn(categories: readonly CardCategory[], key: string): ConvertCard | undefined {
  return categories.flatMap((c) => c.cards).find((c) => c.key === key);
}
