import type { RungFilter } from '#domain/verification/ladder';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CoordinatorIntroduction,
  CoordinatorMember,
  CoordinatorMemberDetail,
  CoordinatorOverview,
  ElderIntroduction,
  FollowUpOutcome,
  IntroductionStatus,
  CoordinatorIntroductionFilter,
  MemberBiodataFilters,
  MemberFilter,
  MemberIntroduction,
  MyIntroductionRequest,
  ReviewDecision,
  DeclineReason,
  MetInput,
  Suggestion,
} from '#domain/introductions/introductions';
import { apiRequest } from '#web/lib/api';
import { apiPage, nextPageOffset, type PageQuery } from '#web/lib/api-page';
import { otherUserInfoPrefix } from '#web/lib/query-keys';

export const myIntroductionsKey = ['/api/introductions'] as const;
const coordinatorPrefix = '/api/coordinator';
const eldersKey = ['/api/elders/introductions'] as const;

/** After any introduction changes (an answer, a live event): the member's list and every coordinator and elder view. */
export function refreshIntroductions(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: myIntroductionsKey });
  // Whether two members may write follows their introduction: an open thread swaps its composer for the closing
  // note (or back, when a new introduction opens it) as it happens.
  void queryClient.invalidateQueries({ queryKey: otherUserInfoPrefix });
  void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(coordinatorPrefix) });
  void queryClient.invalidateQueries({ queryKey: eldersKey });
}

type Changed = { id: string; status: IntroductionStatus };

// ---- members -----------------------------------------------------------------------------------------------

export function useMyIntroductions() {
  return useQuery<MemberIntroduction[]>({ queryKey: myIntroductionsKey });
}

export function useRespond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept, reason, reasons }: { id: string; accept: boolean; reason?: string | undefined; reasons?: DeclineReason[] | undefined }) =>
      apiRequest<Changed>('POST', `/api/introductions/${encodeURIComponent(id)}/respond`, { accept, ...(reason ? { reason } : {}), ...(reasons && reasons.length > 0 ? { reasons } : {}) }),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

/** A private check-in to the coordinator; "ended" goes only `confirmed`, after the member said so. */
export function useFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note, confirmed }: { id: string; status: FollowUpOutcome; note?: string; confirmed?: boolean }) =>
      apiRequest<Changed>('POST', `/api/introductions/${encodeURIComponent(id)}/follow-up`, { status, ...(note ? { note } : {}), ...(confirmed ? { confirmed } : {}) }),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

/** "Did you meet?" (issue 51): a private answer to the coordinators; the card stops asking once it is given. */
export function useMet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & MetInput) => apiRequest<unknown>('POST', `/api/introductions/${encodeURIComponent(id)}/met`, input),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

export const myRequestsKey = ['/api/introduction-requests'] as const;

/** The caller's pending "introduce us" requests. */
export function useMyIntroductionRequests() {
  return useQuery<MyIntroductionRequest[]>({ queryKey: myRequestsKey });
}

export function useRequestIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, note }: { userId: string; note?: string }) =>
      apiRequest<{ id: string }>('POST', '/api/introduction-requests', { userId, ...(note ? { note } : {}) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myRequestsKey }),
  });
}

export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/introduction-requests/${encodeURIComponent(id)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: myRequestsKey }),
  });
}

// ---- coordinators ------------------------------------------------------------------------------------------

export function useCoordinatorOverview() {
  return useQuery<CoordinatorOverview>({ queryKey: [`${coordinatorPrefix}/overview`] });
}

/** How many rows a coordinator list loads at a time ("Load more" fetches the next page). */
const COORDINATOR_PAGE = 50;

/** The coordinator's member queue, a page at a time (X-Total-Count says when it is all loaded). */
export function useCoordinatorMembers(filter: MemberFilter, q: string, biodata: MemberBiodataFilters & { rung?: RungFilter } = {}) {
  return useInfiniteQuery({
    queryKey: [`${coordinatorPrefix}/members`, filter, q, biodata],
    queryFn: ({ pageParam }) =>
      apiPage<CoordinatorMember, PageQuery & MemberBiodataFilters & { filter: MemberFilter; q: string; rung?: RungFilter }>(`${coordinatorPrefix}/members`, {
        filter,
        q,
        ...biodata,
        limit: COORDINATOR_PAGE,
        offset: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });
}

export function useCoordinatorMember(userId: string) {
  return useQuery<CoordinatorMemberDetail>({ queryKey: [`${coordinatorPrefix}/members`, userId] });
}

export function useSuggestions(userId: string, rung?: RungFilter) {
  const query = rung ? `&rung=${rung}` : '';
  return useQuery<Suggestion[]>({
    queryKey: [`${coordinatorPrefix}/members`, userId, 'suggestions', rung ?? 'any'],
    queryFn: () => apiRequest('GET', `${coordinatorPrefix}/members/${encodeURIComponent(userId)}/suggestions?limit=20${query}`),
  });
}

/** The introductions of one status or group, a page at a time. */
export function useCoordinatorIntroductions(status: CoordinatorIntroductionFilter) {
  return useInfiniteQuery({
    queryKey: [`${coordinatorPrefix}/introductions`, status],
    queryFn: ({ pageParam }) => apiPage<CoordinatorIntroduction, PageQuery & { status: CoordinatorIntroductionFilter }>(`${coordinatorPrefix}/introductions`, { status, limit: COORDINATOR_PAGE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });
}

export function usePropose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberA: string; memberB: string; note: string }) => apiRequest<Changed>('POST', '/api/introductions', input),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

export function useCancelIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => apiRequest<Changed>('POST', `/api/introductions/${encodeURIComponent(id)}/cancel`, { note }),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

/** A coordinator ends an introduction both accepted; both members are told, neutrally. */
export function useEndIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => apiRequest<Changed>('POST', `/api/introductions/${encodeURIComponent(id)}/end`, {}),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

// ---- elders ------------------------------------------------------------------------------------------------

export function useElderQueue() {
  return useQuery<ElderIntroduction[]>({ queryKey: eldersKey });
}

export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note, reasons }: { id: string; decision: ReviewDecision; note: string; reasons?: DeclineReason[] | undefined }) =>
      apiRequest<Changed>('POST', `/api/introductions/${encodeURIComponent(id)}/review`, { decision, note, ...(reasons && reasons.length > 0 ? { reasons } : {}) }),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

