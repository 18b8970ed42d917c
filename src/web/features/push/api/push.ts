import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '#domain/messaging/push';
import { apiRequest } from '#web/lib/api';
import { currentPushSubscription, subscribeThisDevice, unsubscribeThisDevice } from '#web/lib/push-subscription';
import { preferencesKey } from '#web/lib/query-keys';

export const pushDevicesKey = ['/api/push/subscriptions'] as const;
const thisDeviceKey = ['push', 'this-device'] as const;

export function usePushDevices() {
  return useQuery({ queryKey: pushDevicesKey, queryFn: () => apiRequest<PushDevice[]>('GET', pushDevicesKey[0]) });
}

/** This browser's endpoint, when it is subscribed (to mark "this device" and offer to turn it off). */
export function useThisDeviceEndpoint() {
  return useQuery({ queryKey: thisDeviceKey, queryFn: async () => (await currentPushSubscription())?.endpoint ?? null });
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisDevice,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushDevicesKey });
      void queryClient.invalidateQueries({ queryKey: thisDeviceKey });
      void queryClient.invalidateQueries({ queryKey: preferencesKey });
    },
  });
}

export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeThisDevice,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushDevicesKey });
      void queryClient.invalidateQueries({ queryKey: thisDeviceKey });
    },
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}
