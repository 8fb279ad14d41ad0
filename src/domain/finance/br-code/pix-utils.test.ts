import fc from "fast-check";
import { createStaticPix, hasError, isStaticPix, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { parsePixKey } from "../../pix-key";
import { type BrCodeInput, brCodeMessages, buildBrCode, cleanMerchantText } from "./br-code";
import { parseBrCode } from "./parse-br-code";

/*
 * Our codes against pix-utils, a BR Code implementation nobody here wrote: what
 * we build it reads back with the same values (and writes again byte for byte),
 * and what it builds we read.
 */

/** What pix-utils reads from a code, in our units. */
function readWithPixUtils(code: string) {
  const pix = parsePix(code);
  if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
  if (!isStaticPix(pix)) throw new Error("pix-utils: not a static code");
  return {
    key: pix.pixKey,
    amountCents: Math.round((pix.transactionAmount ?? 0) * 100),
    txid: pix.txid,
    name: pix.merchantName,
    city: pix.merchantCity,
    description: pix.infoAdicional,
    again: pix.toBRCode(),
  };
}

function checkAgainstPixUtils(input: BrCodeInput): void {
  const built = buildBrCode(input);
  if (!built.ok) throw new Error(built.reason);
  const theirs = readWithPixUtils(built.code);
  const ours = parseBrCode(built.code);
  if (!ours.ok) throw new Error(ours.reason);
  const expected = {
    key: parsePixKey(input.key)?.value,
    amountCents: input.amountCents,
    name: cleanMerchantText(input.name, 25),
    city: cleanMerchantText(input.city, 15),
  };
  expect(theirs).toMatchObject({ ...expected, txid: input.txid });
  expect(ours).toMatchObject({ ...expected, txid: input.txid === "***" ? null : input.txid });
  expect(ours.description ?? undefined).toBe(theirs.description);
  // pix-utils writes the code again from what it read: the same text, CRC included.
  expect(theirs.again).toBe(built.code);
}

// --- Keys of every kind, valid by construction ---

const digit = fc.constantFrom(..."0123456789");
const cnpjCharacter = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");

/** CPF/CNPJ check digit over characters worth their ASCII code − 48 (pix-key.ts, Receita's rule). */
function checkDigit(base: string, firstWeight: number, wrapAt: number): string {
  let weight = firstWeight;
  let sum = 0;
  for (const character of base) {
    sum += (character.charCodeAt(0) - 48) * weight;
    weight = weight === 2 ? wrapAt : weight - 1;
  }
  const remainder = sum % 11;
  return String(remainder < 2 ? 0 : 11 - remainder);
}

const cpfKey = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .map((digits) => {
    const base = digits.join("");
    const first = base + checkDigit(base, 10, 10);
    const cpf = first + checkDigit(first, 11, 11);
    return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  })
  .filter((cpf) => parsePixKey(cpf) !== null);

const cnpjKey = fc
  .tuple(fc.array(fc.oneof(digit, cnpjCharacter), { minLength: 12, maxLength: 12 }), fc.boolean())
  .map(([characters, masked]) => {
    const base = characters.join("");
    const first = base + checkDigit(base, 5, 9);
    const cnpj = first + checkDigit(first, 6, 9);
    return masked
      ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
      : cnpj.toLowerCase();
  })
  .filter((cnpj) => parsePixKey(cnpj)?.type === "cnpj");

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const emailKey = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/), label, fc.constantFrom("com", "com.br", "gov.br"))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
  .chain((email) => fc.constantFrom(email, email.toUpperCase()))
  .filter((email) => parsePixKey(email)?.type === "email");

const phoneKey = fc
  .tuple(
    fc.integer({ min: 11, max: 99 }).filter((ddd) => ddd % 10 !== 0),
    fc.oneof(fc.stringMatching(/^9\d{8}$/), fc.stringMatching(/^[2-5]\d{7}$/)),
  )
  .chain(([ddd, number]) =>
    fc.constantFrom(
      `+55${ddd}${number}`,
      `(${ddd}) ${number}`,
      `+55 ${ddd} ${number.slice(0, -4)}-${number.slice(-4)}`,
    ),
  )
  .filter((phone) => parsePixKey(phone)?.type === "phone");

const evpKey = fc.uuid().chain((uuid) => fc.constantFrom(uuid, uuid.toUpperCase(), uuid.replaceAll("-", "")));

const anyKey = fc.oneof(cpfKey, cnpjKey, emailKey, phoneKey, evpKey);

// --- Names and cities with accents and punctuation ---

const nameCharacter = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzáàâãéêíóôõúüçÁÂÃÉÍÓÚÇ ñß'’.-&/(),ºª1234567890",
);
const humanText = (maxLength: number) =>
  fc
    .tuple(fc.constantFrom(..."AJMSÁÉÍÓÚ"), fc.array(nameCharacter, { maxLength }))
    .map(([first, rest]) => first + rest.join(""));

const txid = fc.oneof(fc.constant("***"), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/));

const input: fc.Arbitrary<BrCodeInput> = fc.record(
  {
    key: anyKey,
    name: humanText(40),
    city: humanText(25),
    amountCents: fc.integer({ min: 1, max: 1_000_000_000 }),
    txid,
    description: fc.string({ maxLength: 15 }).map((text) => cleanMerchantText(text, 15)),
  },
  { requiredKeys: ["key", "name", "city", "amountCents", "txid"] },
);

describe("codes we build, read by pix-utils", () => {
  it.each([
    ["CPF", "529.982.247-25"],
    ["CNPJ", "11.222.333/0001-81"],
    ["alphanumeric CNPJ", "12.ABC.345/01DE-35"],
    ["e-mail", "Fulano.Tal@Example.com"],
    ["phone", "+55 (61) 99876-5432"],
    ["EVP", "123e4567-e12b-12d1-a456-426655440000"],
  ])("%s key", (_kind, key) => {
    checkAgainstPixUtils({
      key,
      name: "Conceição D'Ávila & Filhos",
      city: "São João del-Rei",
      amountCents: 123456,
      txid: "BALCAO3F2A1B4C5D6E4F70812",
      description: "Reembolso de táxi",
    });
  });

  it("any key, amount from 1 cent to 10 million reais, name, city and txid", () => {
    fc.assert(fc.property(input, checkAgainstPixUtils), { numRuns: 300 });
  });

  it("any text as name or city: built and read back when something is left after cleaning, else refused", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 30 }),
        fc.string({ maxLength: 20 }),
        (name, city) => {
          const payment = { key: "529.982.247-25", name, city, amountCents: 100, txid: "***" };
          const result = buildBrCode(payment);
          if (cleanMerchantText(name, 25) === "")
            expect(result).toEqual({ ok: false, reason: brCodeMessages.emptyName });
          else if (cleanMerchantText(city, 15) === "")
            expect(result).toEqual({ ok: false, reason: brCodeMessages.emptyCity });
          else checkAgainstPixUtils(payment);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("codes pix-utils builds, read by us", () => {
  it("reads its static codes with the same values", () => {
    const theirInput = fc.record(
      {
        pixKey: anyKey.map((key) => parsePixKey(key)?.value ?? ""),
        merchantName: humanText(24),
        merchantCity: humanText(14),
        transactionAmount: fc.integer({ min: 0, max: 1_000_000_000 }).map((cents) => cents / 100),
        txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        infoAdicional: fc.string({ maxLength: 15 }),
      },
      { requiredKeys: ["pixKey", "merchantName", "merchantCity", "transactionAmount"] },
    );
    fc.assert(
      fc.property(theirInput, (params) => {
        const pix = createStaticPix(params);
        if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
        const code = pix.toBRCode();
        const ours = parseBrCode(code);
        if (!ours.ok) throw new Error(`${ours.reason}: ${code}`);
        const theirs = readWithPixUtils(code);
        expect(ours).toMatchObject({
          key: params.pixKey,
          amountCents: params.transactionAmount === 0 ? null : theirs.amountCents,
          txid: params.txid ?? null,
          name: theirs.name,
          city: theirs.city,
          description: params.infoAdicional ? params.infoAdicional : null,
        });
        expect(ours.amountCents ?? 0).toBe(Math.round(params.transactionAmount * 100));
      }),
      { numRuns: 300 },
    );
  });

  it("reads the Central Bank's example as pix-utils does", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    const theirs = readWithPixUtils(example);
    expect(parseBrCode(example)).toMatchObject({
      ok: true,
      key: theirs.key,
      name: theirs.name,
      city: theirs.city,
      amountCents: null,
      txid: null,
    });
  });
});
