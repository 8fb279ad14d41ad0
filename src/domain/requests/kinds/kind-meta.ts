import type { Option } from "../options";

/*
 * What a request kind is, without its rules: its names, where it lives in the
 * app, how it looks, and which of its fields are money and routing. Light on
 * purpose (no zod): the sidebar, the router, the icons, the Painel's colours
 * and the export read it on every page, and the first page must not load a
 * kind's schema to draw a menu (docs/decisions/021).
 */

/** The icons a kind may use; the web maps each to its component (src/web/config/nav-icons.ts). */
export const KIND_ICONS = [
  "Receipt",
  "GraduationCap",
  "Package",
  "LifeBuoy",
  "SearchCheck",
  "CalendarOff",
  "Wallet",
] as const;
export type KindIcon = (typeof KIND_ICONS)[number];

/**
 * The money of a kind paid by finance: its record fields for what was asked,
 * the expense type (with its labels), when it happened, the cost centre and
 * the PIX key. These fields are the `requests` table's shared columns
 * (docs/decisions/034); approval, payment date and method come with them.
 */
export type KindPayment = {
  readonly amount: string;
  readonly expenseType: string;
  readonly expenseTypeOptions: readonly Option[];
  readonly expenseDate?: string;
  readonly costCentre?: string;
  readonly pixKey: string;
  /** Without a cost centre, the Painel books the kind's money under its label, types as 'Bolsa: Cursos'. */
  readonly painelPrefix?: string;
};

export type KindMeta<K extends string = string> = {
  readonly kind: K;
  /** How the kind is named in lists and on its page ('Reembolso'). */
  readonly label: string;
  /** The segment of its create route, `POST /api/solicitacoes/<slug>` (spec-fixed names kept). */
  readonly slug: string;
  /** The page with its form. */
  readonly formPath: string;
  readonly icon: KindIcon;
  /** Its colour in the Painel's charts. */
  readonly chartColour: string;
  /** Its place in the sidebar and on the home page (the other sections' places: src/domain/shell/navigation.ts). */
  readonly nav: { readonly order: number; readonly summary: string; readonly badge?: "beta" };
  readonly payment?: KindPayment;
  /**
   * The built-in team (its key) that handles the kind when no team does: a kind
   * added after installation reaches its team at the first start that knows it,
   * with no migration (docs/decisions/039).
   */
  readonly handledBy?: string;
  /**
   * Its approved requests are a period on 'Quem está fora', shown to every
   * signed-in person by name only: the record fields of the first and the
   * last day ('yyyy-mm-dd', both included).
   */
  readonly calendar?: { readonly first: string; readonly last: string };
  /** Requests go to different teams by this field's value (support tickets by department). */
  readonly routing?: { readonly field: string; readonly options: readonly Option[] };
};

/** Keeps the literal kind while checking the shape. */
export function defineKindMeta<const K extends string>(meta: KindMeta<K>): KindMeta<K> {
  return meta;
}
