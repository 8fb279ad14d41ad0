export type DemoMessage = {
  id: string;
  /** true for what the signed-in user "sent"; drawn on the right. */
  mine: boolean;
  text: string;
  /** Display time, e.g. "10:42": the demo has no real clock behind it. */
  time: string;
};

export type DemoConversation = {
  id: string;
  name: string;
  role: string;
  /** Tailwind classes of the avatar (background and text, AA-contrast pairs). */
  avatarClassName: string;
  /** When the last message came, as the list shows it ("10:42", "Ontem", "Seg"). */
  lastActivity: string;
  /** The day the thread happened, written out above it ("Hoje", "Segunda-feira"). */
  day: string;
  unread: number;
  messages: DemoMessage[];
};
