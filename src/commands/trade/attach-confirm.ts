/**
 * The boxes of a conditional order being made: the bracket order form, and the confirmation of any of
 * them: what it protects and when each exit arms, what it replaces, a trigger the market already meets
 * (red, and a second key), and who holds it: this machine's runner, never the venue.
 */
import { SGR } from '../../render/live.js';
import { joinedText } from './attach-plan.js';
import type { BracketField } from './algo-types.js';
import type { TradeState } from './state.js';
import { cell, field, Line, wrap, type Box, type Style } from './text.js';

const TITLE: Readonly<Record<string, string>> = { stop: 'STOP', 'take-profit': 'TAKE-PROFIT', oco: 'OCO', bracket: 'BRACKET' };

/** `text` wrapped under a label in the fixed column (the label on its first line only). */
function labelled(label: string, text: string, inner: number, color: boolean, style?: Style): string[] {
  return wrap(text, Math.max(10, inner - 11)).map((t, i) => field(i ? '' : label, t, inner, color, style));
}

/** The bracket order form: the entry (side, size, price) and its exits as typed. */
export function bracketFormBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const f = s.ui.bracket!;
  const r = s.rules;
  const buy = f.side === 'buy';
  const row = (name: BracketField, label: string, unit: string) => {
    const on = f.focus === name;
    return field(`${on ? '▸ ' : ''}${label}`, `${f[name]}${on ? '█' : ''} ${unit}`, inner, color, on ? SGR.bold : undefined);
  };
  const lines = [
    field('entry', `a limit ${f.side}, placed at once (b/s: side)`, inner, color),
    row('size', 'size', r.base_currency),
    row('price', 'price', r.quote_currency),
    row('stop', 'stop', `${r.quote_currency} (${buy ? 'below' : 'above'} the price)`),
    row('takeProfit', 'tp', `${r.quote_currency} (take-profit, ${buy ? 'above' : 'below'} the price)`),
    ...labelled('exits', 'arm on the entry\'s fills, for what fills; the first to fire cancels the other', inner, color),
    field('book', `bid ${s.market.bids[0]?.[0] ?? '-'}   ask ${s.market.asks[0]?.[0] ?? '-'}   last ${s.market.ticker?.last ?? '-'}`, inner, color),
    ...(f.error ? wrap(f.error, inner).map((t) => new Line(color).add(t, SGR.red).done(inner)) : [cell('', inner)]),
  ];
  return { title: `BRACKET ${f.side.toUpperCase()} ${s.symbol}`, titleStyle: buy ? SGR.green : SGR.red, width, lines };
}

/** The confirmation of a conditional order: the plan, what it replaces, a trigger already met, who holds it. */
export function attachConfirmBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const p = s.ui.attach!;
  const spec = p.spec;
  const red = (t: string) => wrap(t, inner).map((x) => new Line(color).add(x, SGR.red).done(inner));
  const lines = [...labelled('protects', p.protects, inner, color, SGR.yellow)];
  for (const l of spec.legs) {
    if (l.existing !== undefined) continue;
    // The leg's own name (`tp`, `stop`, `entry`): the label column is 11 wide.
    const label = l.name;
    if (!l.trigger) lines.push(...labelled(label, `${l.what}: placed at once by the runner`, inner, color));
    else lines.push(...labelled(label, `a trade at or ${l.trigger.dir === 'down' ? 'below' : 'above'} ${l.trigger.level}: ${l.what}${l.after !== undefined ? ', for what filled' : ''}`, inner, color));
  }
  if (spec.legs.filter((l) => l.trigger).length > 1) lines.push(...labelled('', 'one-cancels-other: the first to fire cancels the other, never sent', inner, color));
  if (p.replaces) lines.push(...labelled('replaces', `algo ${p.replaces.id} (its ${joinedText(p) ?? p.replaces.kind} kept): cancelled first; this one is armed only once none of its legs was sent`, inner, color, SGR.cyan));
  if (p.met) lines.push(...red(`ALREADY MET: ${p.met}`));
  if (p.acknowledged) lines.push(...red('It fires at the next trade. ! arms it anyway; n goes back.'));
  lines.push(...labelled('held by', 'this machine\'s runner, not the venue: it fires only while the runner runs (bm algo list)', inner, color));
  lines.push(field('algo', spec.id, inner, color));
  lines.push(...labelled('client id', spec.legs.filter((l) => l.existing === undefined).map((l) => l.clientOrderId).join(' '), inner, color));
  lines.push(new Line(color).add(cell(s.venue.paper ? 'paper money' : 'LIVE: real money', inner), s.venue.paper ? SGR.yellow : SGR.red).done(inner));
  return { title: `CONFIRM ${TITLE[spec.kind] ?? spec.kind.toUpperCase()}`, titleStyle: (spec.legs.find((l) => l.trigger)?.side ?? spec.side) === 'buy' ? SGR.green : SGR.red, width, lines };
}
