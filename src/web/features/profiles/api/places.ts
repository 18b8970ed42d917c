import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlaceItem } from '#domain/profile/vedic';
import { apiRequest } from '#web/lib/api';

/** The shortest search the place field sends (the API takes one letter; two narrow it enough to be of use). */
export const PLACE_SEARCH_MIN = 2;
/** How long the typing rests before a search is sent. */
export const PLACE_SEARCH_DEBOUNCE_MS = 250;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** GET /api/places?q=&lang=: the places whose name begins with what the member typed, once the typing rests. */
export function usePlaces(text: string, language: string) {
  const query = useDebounced(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const lang = language === 'es' ? 'es' : 'en';
  const enabled = query.length >= PLACE_SEARCH_MIN;
  const result = useQuery({
    queryKey: ['/api/places', query, lang],
    queryFn: () => apiRequest<PlaceItem[]>('GET', `/api/places?${new URLSearchParams({ q: query, lang }).toString()}`),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return { ...result, enabled, settled: query === text.trim() };
}
