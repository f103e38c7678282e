import { withdrawal } from "#app/db/schema";
import { notify } from "#app/services/notifications/notify.server";
import type { RoleOf } from "#app/services/state-machine";
import { bindMachine, type TransitionActor, type TransitionInput } from "#app/services/state-machine.server";
import { withdrawalMachine } from "./settlement-machine";

/**
 * The withdrawal machine bound to its table (ADR 064), with the notifications its endings send the member: paid
 * (the deposit reached the bank account) and failed (the earnings are withdrawable again; contact an administrator).
 * The money of each transition is the withdrawal service's, in the same unit.
 */

export type WithdrawalActor = TransitionActor<RoleOf<typeof withdrawalMachine>>;

const SETTLEMENT_PATH = "/settlement";

export const withdrawals = bindMachine<typeof withdrawalMachine, typeof withdrawal, TransitionInput>(
  withdrawalMachine,
  {
    table: withdrawal,
    id: withdrawal.id,
    state: withdrawal.status,
    effects: {
      pay: async (uow, row) => {
        await notify(uow, {
          recipientId: row.userId,
          type: "withdrawalPaid",
          params: { amount: row.deposit },
          link: SETTLEMENT_PATH,
          dedupeKey: `withdrawalPaid:${row.id}`,
        });
      },
      fail: async (uow, row) => {
        await notify(uow, {
          recipientId: row.userId,
          type: "withdrawalFailed",
          params: { amount: row.gross },
          link: SETTLEMENT_PATH,
          dedupeKey: `withdrawalFailed:${row.id}`,
        });
      },
    },
  },
);
