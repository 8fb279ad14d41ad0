import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  PushPublicKey,
  PushSubscription,
  PushSubscriptionInput,
  PushSubscriptionList,
} from "@/domain/push/api";
import { api } from "@/web/lib/api-client";
import {
  currentEndpoint,
  currentPermission,
  disableOnThisDevice,
  type EnableOutcome,
  enableOnThisDevice,
} from "../lib/this-device";

/* 'Notificações no aparelho' on 'Minha conta' (docs/decisions/061-web-push.md). */

const DEVICES_PATH = "/api/notificacoes/aparelhos";
const devicesKey = ["notificacoes", "aparelhos"] as const;
const thisDeviceKey = ["notificacoes", "este-aparelho"] as const;

/** The person's subscribed devices, as the server knows them. */
export function useDevices() {
  return useQuery({ queryKey: devicesKey, queryFn: () => api.get<PushSubscriptionList>(DEVICES_PATH) });
}

/** This browser: what it allowed, and its subscription's endpoint (null when none). */
export function useThisDevice() {
  return useQuery({
    queryKey: thisDeviceKey,
    queryFn: async () => ({ permission: currentPermission(), endpoint: await currentEndpoint() }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Permission, subscription, then the server: 'subscribed', or why not. */
export function useEnableThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<EnableOutcome> => {
      const { chavePublica } = await api.get<PushPublicKey>("/api/notificacoes/chave-push");
      const outcome = await enableOnThisDevice(chavePublica);
      if (outcome.kind === "subscribed")
        await api.post<PushSubscription>(DEVICES_PATH, outcome.subscription as PushSubscriptionInput);
      return outcome;
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      await queryClient.invalidateQueries({ queryKey: thisDeviceKey });
    },
  });
}

/** The server's subscription first (nothing more is sent), then the browser's. */
export function useDisableThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`${DEVICES_PATH}/${encodeURIComponent(id)}`);
      await disableOnThisDevice();
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      await queryClient.invalidateQueries({ queryKey: thisDeviceKey });
    },
  });
}
