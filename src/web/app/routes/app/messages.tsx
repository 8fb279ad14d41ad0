import { MessagesPage } from "@/web/features/messages/components/messages-page";

/** Spec §2 /messages: the static demo chat. */
export default function MessagesRoute() {
  return <MessagesPage />;
}
