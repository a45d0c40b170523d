"""An independent reimplementation of the plan engine's rules (packages/contract/src/finance-engine.ts,
ADR 0040), in Python's decimal module, written from the rules in that file's comment and not from its
code. It prints the monthly tables that finance-engine.test.ts checks line by line:

    python3 packages/contract/oracle/finance.py
"""
from decimal import Decimal as D, ROUND_HALF_UP, getcontext

getcontext().prec = 40
H = 36


def r0(x):
    return int(D(x).quantize(D(1), rounding=ROUND_HALF_UP))


def c(amount):
    return r0(D(str(amount)) * 100)


def project(a):
    k = a.get("inventory_months", 0)
    last = H + k
    vols = []
    for p in a["products"]:
        g = 1 + D(str(p["growth"])) / 100
        row = []
        for m in range(1, last + 1):
            row.append(0 if m < p["start"] else min(10**9, max(0, r0(D(str(p["volume"])) * g ** (m - p["start"])))))
        vols.append(row)

    def sale_cost(m):
        return sum(c(p["unit_cost"]) * vols[i][m - 1] for i, p in enumerate(a["products"]) if p["kind"] == "sale")

    def stock_at(m):
        return sum(sale_cost(j) for j in range(m + 1, m + k + 1))

    loans = {}
    for loan in a.get("loans", []):
        P = D(c(loan["principal"]))
        r = D(str(loan["rate"])) / 100 / 12
        n = loan["term"]
        pay = r0(P / n) if r == 0 else r0(P * r / (1 - (1 + r) ** (-n)))
        bal = P
        for i in range(1, n + 1):
            if loan["month"] + i > H:
                break
            interest = r0(bal * r)
            principal = bal if i == n else min(bal, pay - interest)
            it, pr = loans.get(loan["month"] + i, (0, 0))
            loans[loan["month"] + i] = (it + interest, pr + int(principal))
            bal -= principal

    def received(m):
        return sum(c(x["amount"]) for key in ("grants", "equity") for x in a.get(key, []) if x["month"] == m) + sum(
            c(l["principal"]) for l in a.get("loans", []) if l["month"] == m)

    def invested(m):
        return sum(c(x["amount"]) for x in a.get("investments", []) if x["month"] == m)

    employer = 1 + D(str(a["employer"])) / 100
    stock = stock_at(0)
    cash = c(a["own_funds"]) + received(0) - invested(0) - stock
    rows = [dict(m=0, units=0, customers=0, revenue=0, cogs=0, opex=0, ebitda=0, stock=stock, invest=invested(0),
                 loan=0, flow=cash, cash=cash)]
    customers = [0] * len(a["products"])
    for m in range(1, H + 1):
        units = active = 0
        revenue = cogs = 0
        for i, p in enumerate(a["products"]):
            v = vols[i][m - 1]
            sold = v
            if p["kind"] == "subscription":
                lost = r0(D(customers[i]) * D(str(p["churn"])) / 100)
                sold = customers[i] - lost + v
                customers[i] = sold
                active += sold
            else:
                units += v
            revenue += c(p["price"]) * sold
            cogs += c(p["unit_cost"]) * sold
        staff = sum(r0(D(c(r["salary"])) * r["headcount"] * employer) for r in a["team"] if r["start"] <= m)
        fixed = sum(c(f["monthly"]) for f in a["fixed"] if f["start"] <= m)
        opex = staff + fixed + c(a["marketing"])
        ebitda = revenue - cogs - opex
        nxt = stock_at(m)
        change = nxt - stock
        stock = nxt
        interest, principal = loans.get(m, (0, 0))
        flow = ebitda - change - invested(m) - interest - principal + received(m)
        cash += flow
        rows.append(dict(m=m, units=units, customers=active, revenue=revenue, cogs=cogs, opex=opex, ebitda=ebitda,
                         stock=change, invest=invested(m), loan=interest + principal, flow=flow, cash=cash))
    return rows


CASES = {
    "shop": dict(products=[dict(kind="sale", price=20, unit_cost=8, volume=200, growth=5, churn=0, start=1)],
                 inventory_months=1, fixed=[dict(monthly=1500, start=1), dict(monthly=300, start=1)],
                 marketing=200, team=[dict(headcount=1, salary=1400, start=1)], employer=31.5,
                 investments=[dict(amount=12000, month=0)], own_funds=25000),
    "saas": dict(products=[dict(kind="subscription", price=29, unit_cost=4, volume=40, growth=10, churn=5, start=2)],
                 fixed=[dict(monthly=800, start=1)], marketing=1500,
                 team=[dict(headcount=2, salary=3000, start=1), dict(headcount=1, salary=2000, start=7)], employer=25,
                 investments=[dict(amount=5000, month=0)], own_funds=10000,
                 equity=[dict(amount=40000, month=0), dict(amount=30000, month=12)]),
    "service": dict(products=[dict(kind="sale", price=60, unit_cost=6, volume=100, growth=4, churn=0, start=1)],
                    fixed=[dict(monthly=450, start=1), dict(monthly=250, start=1)], marketing=300,
                    team=[dict(headcount=2, salary=2200, start=1)], employer=31.5,
                    investments=[dict(amount=20000, month=0)], own_funds=0,
                    loans=[dict(principal=30000, rate=6, term=36, month=0)],
                    grants=[dict(amount=10000, month=9)]),
}

if __name__ == "__main__":
    cols = ["m", "units", "customers", "revenue", "cogs", "opex", "ebitda", "stock", "invest", "loan", "flow", "cash"]
    for name, case in CASES.items():
        print(f"--- {name}")
        print(" | ".join(cols))
        for row in project(case):
            print(" | ".join(str(row[k]) for k in cols))
