import type * as React from "react";
import { EMPTY_AMOUNT_DISPLAY, maskCurrencyInput } from "@/domain/money";
import { Input } from "@/web/components/ui/input";

type CurrencyInputProps = Omit<React.ComponentProps<typeof Input>, "value" | "onChange" | "type"> & {
  value: string | undefined;
  /** The masked text ('R$ 1.234,56'), or '' when the amount is zero. */
  onChange: (masked: string) => void;
};

/**
 * Spec §5 Reimbursement: the mask keeps the digits only and reads them as cents,
 * shown in pt-BR. An empty field shows 'R$ 0,00'; typing 1, 2, 3 gives
 * 'R$ 0,01', 'R$ 0,12', 'R$ 1,23'.
 */
export function CurrencyInput({ value, onChange, ...props }: CurrencyInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={EMPTY_AMOUNT_DISPLAY}
      className="tabular-nums"
      {...props}
      value={value ?? ""}
      onChange={(event) => {
        const { cents, display } = maskCurrencyInput(event.target.value);
        onChange(cents === 0 ? "" : display);
      }}
    />
  );
}
