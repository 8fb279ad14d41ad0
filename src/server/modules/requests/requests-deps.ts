import type { RequestListPage } from "@/domain/requests/api";
import type { Db } from "../../db/client";
import type { OutboxWorker } from "../../outbox/worker";
import type { Storage } from "../../storage/storage";
import type { MoreGuards } from "./kind-guards";
import type { MultipartRequest } from "./multipart";
import type { RequestListCache } from "./request-list-cache";
import type { ReviewDesk } from "./review-desk";

export type RequestsServiceDeps = {
  db: Db;
  review: ReviewDesk;
  /** The first pages of 'Minhas solicitações' in memory (decision 022); absent: always read. */
  lists?: RequestListCache<RequestListPage>;
  storage: Storage;
  worker: OutboxWorker;
  /** Kinds with a webhook URL; an unset URL means no delivery, so nothing is queued for it. */
  webhookKinds: ReadonlySet<string>;
  publicUrl: string;
  linkSecret: Buffer;
  linkTtlSeconds: number;
  /** The checks modules above this one add to a kind's guard (the CLT's vacation rules, docs/decisions/060). */
  moreGuards?: MoreGuards;
};

/** What a create route hands the service: the text fields, and the files already stored (multipart kinds). */
export type CreateRequestInput = {
  fields: Readonly<Record<string, unknown>>;
  upload?: MultipartRequest;
};

export type ListOptions = { limit: number; cursor?: string | undefined; busca?: string | undefined };
