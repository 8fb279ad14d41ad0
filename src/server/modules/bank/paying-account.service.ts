import type { z } from "zod";
import {
  BANK_PROFILE_OPTIONS,
  type PayingAccountInputSchema,
  type PayingAccountPage,
} from "@/domain/finance/bank-api";
import type { Db } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import { findPayingAccount, savePayingAccount } from "./bank.queries";

/*
 * 'Conta pagadora' (docs/decisions/059): the account the bank's files pay from, set by
 * administrators; the file counter it holds is never reset.
 */

export function createPayingAccount(deps: { db: Db }) {
  async function page(): Promise<PayingAccountPage> {
    return { conta: await findPayingAccount(deps.db), perfis: BANK_PROFILE_OPTIONS };
  }

  async function save(context: SignedInContext, input: z.output<typeof PayingAccountInputSchema>) {
    await savePayingAccount(deps.db, input, context.user.id);
    context.log.info({ profile: input.perfil, bank: input.banco }, "paying account set");
    return page();
  }

  return { page, save };
}
