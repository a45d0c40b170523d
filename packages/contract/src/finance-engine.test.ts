import { describe, expect, it } from 'vitest';
import type { FinancialAssumptions, Origin } from './finance.ts';
import { monthLabel, type PlanMonth, projectPlan, projectScenarios } from './finance-engine.ts';

// The engine on three hand-worked businesses (ADR 0040). Every monthly figure is written below, in cents:
// the tables were worked out from the rules in finance-engine.ts's comment by an independent
// implementation in Python's decimal module (packages/contract/oracle/finance.py), not by this engine,
// and the first rows of each are worked by hand in the comments.

const founder: Origin = { kind: 'founder', note: '', sources: [] };
const none = { value: 0, origin: founder };
const base = (overrides: Partial<FinancialAssumptions>): FinancialAssumptions => ({
  start_month: '2027-01',
  products: [],
  inventory_months: none,
  fixed_costs: [],
  marketing_monthly: none,
  team: [],
  employer_cost_pct: none,
  investments: [],
  own_funds: none,
  loans: [],
  grants: [],
  equity: [],
  ...overrides,
});
const v = (value: number) => ({ value, origin: founder });
const product = (p: Partial<FinancialAssumptions['products'][number]>) => ({
  id: 'p',
  name: 'Producto',
  kind: 'sale' as const,
  price: 0,
  unit_cost: 0,
  start_volume: 0,
  monthly_growth_pct: 0,
  churn_pct: 0,
  start_month: 1,
  origin: founder,
  ...p,
});
const item = <T extends object>(id: string, rest: T) => ({ id, name: id, origin: founder, ...rest });

/**
 * A shop with stock: baskets at 20 € that cost 8 €, 200 sold in the first month and 5 % more each month,
 * one month of next sales kept in stock; rent 1,500 €, utilities 300 €, marketing 200 €, one shop
 * assistant at 1,400 € gross (+31.5 % employer contributions = 1,841 €); a 12,000 € refit paid at the start
 * with 25,000 € of own funds.
 * Month 0: stock for month 1 = 200 × 8 € = 1,600 €; cash = 25,000 − 12,000 − 1,600 = 11,400 €.
 * Month 1: revenue 200 × 20 = 4,000; cost 1,600; operating 1,841 + 1,500 + 300 + 200 = 3,841; EBITDA
 * 4,000 − 1,600 − 3,841 = −1,441; stock for month 2 = round(200 × 1.05) = 210 × 8 = 1,680, change 80;
 * cash flow −1,441 − 80 = −1,521; cash 11,400 − 1,521 = 9,879.
 * Month 3: 200 × 1.05² = 220.5 → 221 units (half up).
 */
const SHOP = base({
  products: [product({ id: 'cestas', price: 20, unit_cost: 8, start_volume: 200, monthly_growth_pct: 5 })],
  inventory_months: v(1),
  fixed_costs: [
    item('alquiler', { monthly: 1500, start_month: 1 }),
    item('suministros', { monthly: 300, start_month: 1 }),
  ],
  marketing_monthly: v(200),
  team: [item('dependienta', { headcount: 1, monthly_salary: 1400, start_month: 1 })],
  employer_cost_pct: v(31.5),
  investments: [item('reforma', { amount: 12000, month: 0 })],
  own_funds: v(25000),
});

/**
 * A SaaS with churn: 29 $ a month per customer who costs 4 $ to serve, selling from month 2 with 40 new
 * customers and 10 % more new ones each month, losing 5 % of last month's customers; hosting 800 $,
 * marketing 1,500 $, two developers at 3,000 $ and from month 7 a salesperson at 2,000 $ (+25 %); 5,000 $
 * of development at the start; 10,000 $ own funds and 40,000 $ of equity at the start, 30,000 $ more in
 * month 12.
 * Month 1: no customers; operating 2 × 3,000 × 1.25 + 800 + 1,500 = 9,800; cash 45,000 − 9,800 = 35,200.
 * Month 2: 40 customers, revenue 1,160, cost 160, EBITDA 1,000 − 9,800 = −8,800.
 * Month 3: lost round(40 × 5 %) = 2, new 44 → 82 customers.
 */
const SAAS = base({
  start_month: '2027-03',
  products: [
    product({
      id: 'suscripcion',
      kind: 'subscription',
      price: 29,
      unit_cost: 4,
      start_volume: 40,
      monthly_growth_pct: 10,
      churn_pct: 5,
      start_month: 2,
    }),
  ],
  fixed_costs: [item('hosting', { monthly: 800, start_month: 1 })],
  marketing_monthly: v(1500),
  team: [
    item('desarrollo', { headcount: 2, monthly_salary: 3000, start_month: 1 }),
    item('ventas', { headcount: 1, monthly_salary: 2000, start_month: 7 }),
  ],
  employer_cost_pct: v(25),
  investments: [item('desarrollo-inicial', { amount: 5000, month: 0 })],
  own_funds: v(10000),
  equity: [item('ronda-1', { amount: 40000, month: 0 }), item('ronda-2', { amount: 30000, month: 12 })],
});

/**
 * A service business with a loan and a grant: consulting hours at 60 € costing 6 €, 100 hours in the
 * first month and 4 % more each month; coworking 450 €, insurance and accountant 250 €, marketing 300 €,
 * two consultants at 2,200 € (+31.5 % = 5,786 €); 20,000 € of equipment at the start, paid with a
 * 30,000 € loan at 6 % a year over 36 months received at the start; a 10,000 € grant in month 9.
 * Loan: r = 0.5 % a month, instalment 30,000 × 0.005 ÷ (1 − 1.005^−36) = 912.66 €; month 1 interest
 * 150.00, principal 762.66; the 36th instalment clears the remaining 908.01 + 4.54 interest = 912.55 €.
 * Month 1: EBITDA 6,000 − 600 − (5,786 + 450 + 250 + 300) = −1,386; cash flow −1,386 − 912.66 = −2,298.66;
 * cash 10,000 − 2,298.66 = 7,701.34.
 */
const SERVICE = base({
  products: [product({ id: 'horas', price: 60, unit_cost: 6, start_volume: 100, monthly_growth_pct: 4 })],
  fixed_costs: [
    item('coworking', { monthly: 450, start_month: 1 }),
    item('gestoria', { monthly: 250, start_month: 1 }),
  ],
  marketing_monthly: v(300),
  team: [item('consultores', { headcount: 2, monthly_salary: 2200, start_month: 1 })],
  employer_cost_pct: v(31.5),
  investments: [item('equipos', { amount: 20000, month: 0 })],
  loans: [item('prestamo', { principal: 30000, annual_rate_pct: 6, term_months: 36, month: 0 })],
  grants: [item('subvencion', { amount: 10000, month: 9 })],
});

// Columns: month | units sold | subscription customers | revenue | cost of sales | operating costs | EBITDA |
// stock change | investment | loan instalments | cash flow | cash balance (cents).
const SHOP_MONTHS = `
      0 |     0 |     0 |          0 |          0 |          0 |          0 |     160000 |    1200000 |          0 |    1140000 |    1140000
      1 |   200 |     0 |     400000 |     160000 |     384100 |    -144100 |       8000 |          0 |          0 |    -152100 |     987900
      2 |   210 |     0 |     420000 |     168000 |     384100 |    -132100 |       8800 |          0 |          0 |    -140900 |     847000
      3 |   221 |     0 |     442000 |     176800 |     384100 |    -118900 |       8800 |          0 |          0 |    -127700 |     719300
      4 |   232 |     0 |     464000 |     185600 |     384100 |    -105700 |       8800 |          0 |          0 |    -114500 |     604800
      5 |   243 |     0 |     486000 |     194400 |     384100 |     -92500 |       9600 |          0 |          0 |    -102100 |     502700
      6 |   255 |     0 |     510000 |     204000 |     384100 |     -78100 |      10400 |          0 |          0 |     -88500 |     414200
      7 |   268 |     0 |     536000 |     214400 |     384100 |     -62500 |      10400 |          0 |          0 |     -72900 |     341300
      8 |   281 |     0 |     562000 |     224800 |     384100 |     -46900 |      11200 |          0 |          0 |     -58100 |     283200
      9 |   295 |     0 |     590000 |     236000 |     384100 |     -30100 |      12000 |          0 |          0 |     -42100 |     241100
     10 |   310 |     0 |     620000 |     248000 |     384100 |     -12100 |      12800 |          0 |          0 |     -24900 |     216200
     11 |   326 |     0 |     652000 |     260800 |     384100 |       7100 |      12800 |          0 |          0 |      -5700 |     210500
     12 |   342 |     0 |     684000 |     273600 |     384100 |      26300 |      13600 |          0 |          0 |      12700 |     223200
     13 |   359 |     0 |     718000 |     287200 |     384100 |      46700 |      14400 |          0 |          0 |      32300 |     255500
     14 |   377 |     0 |     754000 |     301600 |     384100 |      68300 |      15200 |          0 |          0 |      53100 |     308600
     15 |   396 |     0 |     792000 |     316800 |     384100 |      91100 |      16000 |          0 |          0 |      75100 |     383700
     16 |   416 |     0 |     832000 |     332800 |     384100 |     115100 |      16800 |          0 |          0 |      98300 |     482000
     17 |   437 |     0 |     874000 |     349600 |     384100 |     140300 |      16800 |          0 |          0 |     123500 |     605500
     18 |   458 |     0 |     916000 |     366400 |     384100 |     165500 |      18400 |          0 |          0 |     147100 |     752600
     19 |   481 |     0 |     962000 |     384800 |     384100 |     193100 |      19200 |          0 |          0 |     173900 |     926500
     20 |   505 |     0 |    1010000 |     404000 |     384100 |     221900 |      20800 |          0 |          0 |     201100 |    1127600
     21 |   531 |     0 |    1062000 |     424800 |     384100 |     253100 |      20800 |          0 |          0 |     232300 |    1359900
     22 |   557 |     0 |    1114000 |     445600 |     384100 |     284300 |      22400 |          0 |          0 |     261900 |    1621800
     23 |   585 |     0 |    1170000 |     468000 |     384100 |     317900 |      23200 |          0 |          0 |     294700 |    1916500
     24 |   614 |     0 |    1228000 |     491200 |     384100 |     352700 |      24800 |          0 |          0 |     327900 |    2244400
     25 |   645 |     0 |    1290000 |     516000 |     384100 |     389900 |      25600 |          0 |          0 |     364300 |    2608700
     26 |   677 |     0 |    1354000 |     541600 |     384100 |     428300 |      27200 |          0 |          0 |     401100 |    3009800
     27 |   711 |     0 |    1422000 |     568800 |     384100 |     469100 |      28800 |          0 |          0 |     440300 |    3450100
     28 |   747 |     0 |    1494000 |     597600 |     384100 |     512300 |      29600 |          0 |          0 |     482700 |    3932800
     29 |   784 |     0 |    1568000 |     627200 |     384100 |     556700 |      31200 |          0 |          0 |     525500 |    4458300
     30 |   823 |     0 |    1646000 |     658400 |     384100 |     603500 |      32800 |          0 |          0 |     570700 |    5029000
     31 |   864 |     0 |    1728000 |     691200 |     384100 |     652700 |      35200 |          0 |          0 |     617500 |    5646500
     32 |   908 |     0 |    1816000 |     726400 |     384100 |     705500 |      36000 |          0 |          0 |     669500 |    6316000
     33 |   953 |     0 |    1906000 |     762400 |     384100 |     759500 |      38400 |          0 |          0 |     721100 |    7037100
     34 |  1001 |     0 |    2002000 |     800800 |     384100 |     817100 |      40000 |          0 |          0 |     777100 |    7814200
     35 |  1051 |     0 |    2102000 |     840800 |     384100 |     877100 |      41600 |          0 |          0 |     835500 |    8649700
     36 |  1103 |     0 |    2206000 |     882400 |     384100 |     939500 |      44000 |          0 |          0 |     895500 |    9545200
`;

const SAAS_MONTHS = `
      0 |     0 |     0 |          0 |          0 |          0 |          0 |          0 |     500000 |          0 |    4500000 |    4500000
      1 |     0 |     0 |          0 |          0 |     980000 |    -980000 |          0 |          0 |          0 |    -980000 |    3520000
      2 |     0 |    40 |     116000 |      16000 |     980000 |    -880000 |          0 |          0 |          0 |    -880000 |    2640000
      3 |     0 |    82 |     237800 |      32800 |     980000 |    -775000 |          0 |          0 |          0 |    -775000 |    1865000
      4 |     0 |   126 |     365400 |      50400 |     980000 |    -665000 |          0 |          0 |          0 |    -665000 |    1200000
      5 |     0 |   173 |     501700 |      69200 |     980000 |    -547500 |          0 |          0 |          0 |    -547500 |     652500
      6 |     0 |   223 |     646700 |      89200 |     980000 |    -422500 |          0 |          0 |          0 |    -422500 |     230000
      7 |     0 |   276 |     800400 |     110400 |    1230000 |    -540000 |          0 |          0 |          0 |    -540000 |    -310000
      8 |     0 |   333 |     965700 |     133200 |    1230000 |    -397500 |          0 |          0 |          0 |    -397500 |    -707500
      9 |     0 |   394 |    1142600 |     157600 |    1230000 |    -245000 |          0 |          0 |          0 |    -245000 |    -952500
     10 |     0 |   460 |    1334000 |     184000 |    1230000 |     -80000 |          0 |          0 |          0 |     -80000 |   -1032500
     11 |     0 |   531 |    1539900 |     212400 |    1230000 |      97500 |          0 |          0 |          0 |      97500 |    -935000
     12 |     0 |   608 |    1763200 |     243200 |    1230000 |     290000 |          0 |          0 |          0 |    3290000 |    2355000
     13 |     0 |   692 |    2006800 |     276800 |    1230000 |     500000 |          0 |          0 |          0 |     500000 |    2855000
     14 |     0 |   783 |    2270700 |     313200 |    1230000 |     727500 |          0 |          0 |          0 |     727500 |    3582500
     15 |     0 |   882 |    2557800 |     352800 |    1230000 |     975000 |          0 |          0 |          0 |     975000 |    4557500
     16 |     0 |   990 |    2871000 |     396000 |    1230000 |    1245000 |          0 |          0 |          0 |    1245000 |    5802500
     17 |     0 |  1107 |    3210300 |     442800 |    1230000 |    1537500 |          0 |          0 |          0 |    1537500 |    7340000
     18 |     0 |  1236 |    3584400 |     494400 |    1230000 |    1860000 |          0 |          0 |          0 |    1860000 |    9200000
     19 |     0 |  1376 |    3990400 |     550400 |    1230000 |    2210000 |          0 |          0 |          0 |    2210000 |   11410000
     20 |     0 |  1529 |    4434100 |     611600 |    1230000 |    2592500 |          0 |          0 |          0 |    2592500 |   14002500
     21 |     0 |  1698 |    4924200 |     679200 |    1230000 |    3015000 |          0 |          0 |          0 |    3015000 |   17017500
     22 |     0 |  1882 |    5457800 |     752800 |    1230000 |    3475000 |          0 |          0 |          0 |    3475000 |   20492500
     23 |     0 |  2084 |    6043600 |     833600 |    1230000 |    3980000 |          0 |          0 |          0 |    3980000 |   24472500
     24 |     0 |  2306 |    6687400 |     922400 |    1230000 |    4535000 |          0 |          0 |          0 |    4535000 |   29007500
     25 |     0 |  2549 |    7392100 |    1019600 |    1230000 |    5142500 |          0 |          0 |          0 |    5142500 |   34150000
     26 |     0 |  2816 |    8166400 |    1126400 |    1230000 |    5810000 |          0 |          0 |          0 |    5810000 |   39960000
     27 |     0 |  3108 |    9013200 |    1243200 |    1230000 |    6540000 |          0 |          0 |          0 |    6540000 |   46500000
     28 |     0 |  3430 |    9947000 |    1372000 |    1230000 |    7345000 |          0 |          0 |          0 |    7345000 |   53845000
     29 |     0 |  3782 |   10967800 |    1512800 |    1230000 |    8225000 |          0 |          0 |          0 |    8225000 |   62070000
     30 |     0 |  4170 |   12093000 |    1668000 |    1230000 |    9195000 |          0 |          0 |          0 |    9195000 |   71265000
     31 |     0 |  4596 |   13328400 |    1838400 |    1230000 |   10260000 |          0 |          0 |          0 |   10260000 |   81525000
     32 |     0 |  5064 |   14685600 |    2025600 |    1230000 |   11430000 |          0 |          0 |          0 |   11430000 |   92955000
     33 |     0 |  5579 |   16179100 |    2231600 |    1230000 |   12717500 |          0 |          0 |          0 |   12717500 |  105672500
     34 |     0 |  6145 |   17820500 |    2458000 |    1230000 |   14132500 |          0 |          0 |          0 |   14132500 |  119805000
     35 |     0 |  6767 |   19624300 |    2706800 |    1230000 |   15687500 |          0 |          0 |          0 |   15687500 |  135492500
     36 |     0 |  7451 |   21607900 |    2980400 |    1230000 |   17397500 |          0 |          0 |          0 |   17397500 |  152890000
`;

const SERVICE_MONTHS = `
      0 |     0 |     0 |          0 |          0 |          0 |          0 |          0 |    2000000 |          0 |    1000000 |    1000000
      1 |   100 |     0 |     600000 |      60000 |     678600 |    -138600 |          0 |          0 |      91266 |    -229866 |     770134
      2 |   104 |     0 |     624000 |      62400 |     678600 |    -117000 |          0 |          0 |      91266 |    -208266 |     561868
      3 |   108 |     0 |     648000 |      64800 |     678600 |     -95400 |          0 |          0 |      91266 |    -186666 |     375202
      4 |   112 |     0 |     672000 |      67200 |     678600 |     -73800 |          0 |          0 |      91266 |    -165066 |     210136
      5 |   117 |     0 |     702000 |      70200 |     678600 |     -46800 |          0 |          0 |      91266 |    -138066 |      72070
      6 |   122 |     0 |     732000 |      73200 |     678600 |     -19800 |          0 |          0 |      91266 |    -111066 |     -38996
      7 |   127 |     0 |     762000 |      76200 |     678600 |       7200 |          0 |          0 |      91266 |     -84066 |    -123062
      8 |   132 |     0 |     792000 |      79200 |     678600 |      34200 |          0 |          0 |      91266 |     -57066 |    -180128
      9 |   137 |     0 |     822000 |      82200 |     678600 |      61200 |          0 |          0 |      91266 |     969934 |     789806
     10 |   142 |     0 |     852000 |      85200 |     678600 |      88200 |          0 |          0 |      91266 |      -3066 |     786740
     11 |   148 |     0 |     888000 |      88800 |     678600 |     120600 |          0 |          0 |      91266 |      29334 |     816074
     12 |   154 |     0 |     924000 |      92400 |     678600 |     153000 |          0 |          0 |      91266 |      61734 |     877808
     13 |   160 |     0 |     960000 |      96000 |     678600 |     185400 |          0 |          0 |      91266 |      94134 |     971942
     14 |   167 |     0 |    1002000 |     100200 |     678600 |     223200 |          0 |          0 |      91266 |     131934 |    1103876
     15 |   173 |     0 |    1038000 |     103800 |     678600 |     255600 |          0 |          0 |      91266 |     164334 |    1268210
     16 |   180 |     0 |    1080000 |     108000 |     678600 |     293400 |          0 |          0 |      91266 |     202134 |    1470344
     17 |   187 |     0 |    1122000 |     112200 |     678600 |     331200 |          0 |          0 |      91266 |     239934 |    1710278
     18 |   195 |     0 |    1170000 |     117000 |     678600 |     374400 |          0 |          0 |      91266 |     283134 |    1993412
     19 |   203 |     0 |    1218000 |     121800 |     678600 |     417600 |          0 |          0 |      91266 |     326334 |    2319746
     20 |   211 |     0 |    1266000 |     126600 |     678600 |     460800 |          0 |          0 |      91266 |     369534 |    2689280
     21 |   219 |     0 |    1314000 |     131400 |     678600 |     504000 |          0 |          0 |      91266 |     412734 |    3102014
     22 |   228 |     0 |    1368000 |     136800 |     678600 |     552600 |          0 |          0 |      91266 |     461334 |    3563348
     23 |   237 |     0 |    1422000 |     142200 |     678600 |     601200 |          0 |          0 |      91266 |     509934 |    4073282
     24 |   246 |     0 |    1476000 |     147600 |     678600 |     649800 |          0 |          0 |      91266 |     558534 |    4631816
     25 |   256 |     0 |    1536000 |     153600 |     678600 |     703800 |          0 |          0 |      91266 |     612534 |    5244350
     26 |   267 |     0 |    1602000 |     160200 |     678600 |     763200 |          0 |          0 |      91266 |     671934 |    5916284
     27 |   277 |     0 |    1662000 |     166200 |     678600 |     817200 |          0 |          0 |      91266 |     725934 |    6642218
     28 |   288 |     0 |    1728000 |     172800 |     678600 |     876600 |          0 |          0 |      91266 |     785334 |    7427552
     29 |   300 |     0 |    1800000 |     180000 |     678600 |     941400 |          0 |          0 |      91266 |     850134 |    8277686
     30 |   312 |     0 |    1872000 |     187200 |     678600 |    1006200 |          0 |          0 |      91266 |     914934 |    9192620
     31 |   324 |     0 |    1944000 |     194400 |     678600 |    1071000 |          0 |          0 |      91266 |     979734 |   10172354
     32 |   337 |     0 |    2022000 |     202200 |     678600 |    1141200 |          0 |          0 |      91266 |    1049934 |   11222288
     33 |   351 |     0 |    2106000 |     210600 |     678600 |    1216800 |          0 |          0 |      91266 |    1125534 |   12347822
     34 |   365 |     0 |    2190000 |     219000 |     678600 |    1292400 |          0 |          0 |      91266 |    1201134 |   13548956
     35 |   379 |     0 |    2274000 |     227400 |     678600 |    1368000 |          0 |          0 |      91266 |    1276734 |   14825690
     36 |   395 |     0 |    2370000 |     237000 |     678600 |    1454400 |          0 |          0 |      91255 |    1363145 |   16188835
`;

const COLUMNS = [
  'month',
  'units',
  'customers',
  'revenue',
  'cost_of_sales',
  'operating_costs',
  'ebitda',
  'stock_change',
  'investment',
  'loan_payments',
  'cash_flow',
  'cash_balance',
] as const;

function table(text: string): Array<Pick<PlanMonth, (typeof COLUMNS)[number]>> {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const cells = line.split('|').map((cell) => Number(cell.trim()));
      return Object.fromEntries(COLUMNS.map((column, i) => [column, cells[i]])) as Pick<
        PlanMonth,
        (typeof COLUMNS)[number]
      >;
    });
}

const pick = (months: PlanMonth[]) =>
  months.map((m) => Object.fromEntries(COLUMNS.map((column) => [column, m[column]])));

describe('the plan engine on hand-worked businesses', () => {
  it('a shop with stock: every month, the years, break-even in month 11 and cash that never runs out', () => {
    const plan = projectPlan(SHOP);
    expect(pick(plan.months)).toEqual(table(SHOP_MONTHS));
    expect(plan.years.map((y) => [y.revenue, y.ebitda, y.gross_margin, y.cash_balance])).toEqual([
      [6_366_000, -789_600, 3_819_600, 223_200],
      [11_432_000, 2_250_000, 6_859_200, 2_244_400],
      [20_534_000, 7_711_200, 12_320_400, 9_545_200],
    ]);
    expect(plan.years.map((y) => y.gross_margin_pct)).toEqual([60, 60, 60]);
    expect(plan.key).toEqual({
      break_even_month: 11,
      break_even_label: '2027-11',
      cash_out_month: null,
      runway_months: null,
      // Months 1–10: (1,521 + 1,409 + 1,277 + 1,145 + 1,021 + 885 + 729 + 581 + 421 + 249) ÷ 10.
      monthly_burn: 92_380,
      min_cash: 210_500,
      min_cash_month: 11,
      funding_need: 0,
    });
    // Sales only: no customers to acquire, so no CAC or LTV.
    expect(plan.unit_economics).toEqual([]);
  });

  it('a SaaS with churn: every month, break-even in month 11, the cash out in month 7 (6 months of runway) and its unit economics', () => {
    const plan = projectPlan(SAAS);
    expect(pick(plan.months)).toEqual(table(SAAS_MONTHS));
    expect(plan.years.map((y) => [y.revenue, y.ebitda, y.gross_margin, y.cash_balance])).toEqual([
      [9_413_400, -5_145_000, 8_115_000, 2_355_000],
      [48_038_500, 26_652_500, 41_412_500, 29_007_500],
      [160_825_300, 123_882_500, 138_642_500, 152_890_000],
    ]);
    expect(plan.key).toEqual({
      break_even_month: 11,
      break_even_label: '2028-01',
      cash_out_month: 7,
      runway_months: 6,
      // Months 1–10: (9,800 + 8,800 + 7,750 + 6,650 + 5,475 + 4,225 + 5,400 + 3,975 + 2,450 + 800) ÷ 10.
      monthly_burn: 553_250,
      min_cash: -1_032_500,
      min_cash_month: 10,
      funding_need: 1_032_500,
    });
    // 36 × 1,500 $ of marketing ÷ 10,842 new customers = 4.98 $; LTV (29 − 4) ÷ 5 % = 500 $.
    expect(plan.unit_economics).toEqual([
      {
        product_id: 'suscripcion',
        product_name: 'Producto',
        price: 2_900,
        contribution: 2_500,
        ltv: 50_000,
        cac: 498,
        ltv_to_cac: 100.4,
        payback_months: 0.2,
      },
    ]);
  });

  it('a service business with a loan and a grant: every month, break-even in month 7, cash out in month 6 until the grant', () => {
    const plan = projectPlan(SERVICE);
    expect(pick(plan.months)).toEqual(table(SERVICE_MONTHS));
    const loan = plan.months.slice(1);
    expect(loan[0]).toMatchObject({ loan_interest: 15_000, loan_principal: 76_266 });
    expect(loan[35]).toMatchObject({ loan_interest: 454, loan_principal: 90_801 });
    expect(loan.reduce((total, m) => total + m.loan_principal, 0)).toBe(3_000_000);
    expect(plan.years.map((y) => [y.revenue, y.ebitda, y.gross_margin, y.cash_balance])).toEqual([
      [9_018_000, -27_000, 8_116_200, 877_808],
      [14_436_000, 4_849_200, 12_992_400, 4_631_816],
      [23_106_000, 12_652_200, 20_795_400, 16_188_835],
    ]);
    expect(plan.key).toEqual({
      break_even_month: 7,
      break_even_label: '2027-07',
      cash_out_month: 6,
      runway_months: 5,
      // Months 1–6 (the instalments are financing, not operations): 4,914 ÷ 6.
      monthly_burn: 81_900,
      min_cash: -180_128,
      min_cash_month: 8,
      funding_need: 180_128,
    });
  });

  it('a year is exactly the sum of its months, and the last cash balance the sum of every cash flow', () => {
    for (const assumptions of [SHOP, SAAS, SERVICE]) {
      const plan = projectPlan(assumptions);
      const flows = plan.months.reduce((total, m) => total + m.cash_flow, 0);
      expect(plan.months.at(-1)?.cash_balance).toBe(flows);
      expect(plan.years.reduce((total, y) => total + y.cash_flow, 0)).toBe(flows);
      for (const m of plan.months) {
        expect(m.gross_margin).toBe(m.revenue - m.cost_of_sales);
        expect(m.ebitda).toBe(m.gross_margin - m.operating_costs);
        expect(m.operating_costs).toBe(m.staff + m.fixed_costs + m.marketing);
      }
    }
  });
});

describe('scenarios', () => {
  const differing = (a: PlanMonth[], b: PlanMonth[]) => {
    const keys = new Set<string>();
    a.forEach((m, i) => {
      for (const [key, value] of Object.entries(m)) {
        if ((b[i] as unknown as Record<string, unknown>)[key] !== value) keys.add(key);
      }
    });
    return [...keys].sort();
  };

  it('a multiplier changes only what it names and what is computed from it', () => {
    const baseline = projectPlan(SERVICE).months;
    expect(differing(baseline, projectPlan(SERVICE, { fixed_costs: 1.1 }).months)).toEqual([
      'cash_balance',
      'cash_flow',
      'ebitda',
      'fixed_costs',
      'operating_costs',
    ]);
    expect(differing(baseline, projectPlan(SERVICE, { salaries: 0.9 }).months)).toEqual([
      'cash_balance',
      'cash_flow',
      'ebitda',
      'operating_costs',
      'staff',
    ]);
    expect(differing(baseline, projectPlan(SERVICE, { price: 1.1 }).months)).toEqual([
      'cash_balance',
      'cash_flow',
      'ebitda',
      'gross_margin',
      'revenue',
    ]);
    // Volume moves sales and their cost, never a cost that does not depend on them.
    expect(differing(baseline, projectPlan(SERVICE, { volume: 0.8 }).months)).toEqual([
      'cash_balance',
      'cash_flow',
      'cost_of_sales',
      'ebitda',
      'gross_margin',
      'revenue',
      'units',
    ]);
    // Marketing moves the CAC, not the customers.
    const saas = projectPlan(SAAS);
    const more = projectPlan(SAAS, { marketing: 2 });
    expect(differing(saas.months, more.months)).toEqual([
      'cash_balance',
      'cash_flow',
      'ebitda',
      'marketing',
      'operating_costs',
    ]);
    expect(more.unit_economics[0]).toMatchObject({ cac: 996, ltv: 50_000 });
    // Churn moves customers and the LTV.
    expect(projectPlan(SAAS, { churn: 2 }).unit_economics[0]).toMatchObject({ ltv: 25_000 });
  });

  it('the three scenarios side by side: the base multiplies nothing', () => {
    const all = projectScenarios(SHOP, { pessimistic: { volume: 0.5 }, optimistic: { price: 2 } });
    expect(all.base).toEqual(projectPlan(SHOP));
    expect(all.pessimistic.months[1]).toMatchObject({ units: 100, revenue: 200_000 });
    expect(all.optimistic.months[1]).toMatchObject({ units: 200, revenue: 800_000 });
    expect(all.pessimistic.key.break_even_month).toBeGreaterThan(11);
    expect(all.optimistic.key.break_even_month).toBe(1);
  });
});

describe('month labels', () => {
  it('counts months across years, month 0 being the one before the start', () => {
    expect(monthLabel('2027-03', 0)).toBe('2027-02');
    expect(monthLabel('2027-03', 11)).toBe('2028-01');
    expect(monthLabel('2027-01', 36)).toBe('2029-12');
  });
});
