/** How the plan's figures read: the business's currency in its country's number format (Intl). */
export interface PlanFormat {
  /** Cents as whole currency units ('12.345 €'). */
  money(cents: number): string;
  /** A per cent with one decimal at most. */
  percent(value: number): string;
  /** A number in the country's format. */
  number(value: number): string;
  /** 'YYYY-MM' as 'nov 2027' (Spanish month names). */
  month(label: string): string;
}

export function planFormat(locale: string, currency: 'EUR' | 'USD'): PlanFormat {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    money: (cents) => money.format(Math.round(cents / 100)),
    percent: (value) => `${number.format(value)} %`,
    number: (value) => number.format(value),
    month: (label) => {
      const [year, m] = label.split('-').map(Number) as [number, number];
      return month.format(new Date(Date.UTC(year, m - 1, 1)));
    },
  };
}
