// ./chaos ui: polls /api/status and /api/series, draws the cluster and the charts, and posts the
// fault buttons to /api/fault, each with this process's token. Plain DOM and SVG, nothing from the network.
'use strict';

// The token comes in the fragment of the URL ./chaos ui printed (#token=...), which the browser never
// sends to a server; it is kept in this tab's session storage, so a reload keeps working, and taken
// out of the address bar.
const TOKEN = (() => {
  const given = new URLSearchParams(location.hash.slice(1)).get('token');
  if (given) {
    sessionStorage.setItem('chaos-token', given);
    history.replaceState(null, '', location.pathname + location.search);
    return given;
  }
  return sessionStorage.getItem('chaos-token') || '';
})();
const NO_TOKEN = 'This page needs the URL ./chaos ui printed (http://127.0.0.1:PORT/#token=...): '
  + 'the token in it is per process.';
const REFRESH_MS = 1500;
const SVG = 'http://www.w3.org/2000/svg';
const W = 640, H = 180, LEFT = 48, RIGHT = 10, TOP = 14, BOTTOM = 22;
const COLOURS = ['#2563eb', '#e5484d', '#17803d', '#b26b00'];

let busy = false;
let lastStatus = null;

// "latency 100 ms, jitter 20 ms (downstream)": a toxic as an engineer reads it, its attributes with units
function toxicText(x) {
  const a = x.attributes || {};
  const units = {latency: 'ms', jitter: 'ms', rate: 'KB/s', timeout: 'ms', average_size: 'B', size_variation: 'B', delay: 'µs'};
  const parts = Object.keys(a).filter(k => a[k] !== 0 || k === x.type || k === 'rate' || k === 'latency')
      .map(k => `${k === x.type ? '' : k.replace('_', ' ') + ' '}${a[k]}${units[k] ? ' ' + units[k] : ''}`);
  return `${x.type}${parts.length ? ' ' + parts.join(', ') : ''}${x.stream ? ' (' + x.stream + ')' : ''}`;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => {
    if (v === undefined || v === null || v === false) return;
    if (k === 'class') node.className = v; else if (k === 'text') node.textContent = v; else node.setAttribute(k, v === true ? '' : v);
  });
  children.flat().forEach(c => node.append(c instanceof Node ? c : document.createTextNode(String(c))));
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label, action, target, enabled, cls) {
  return el('button', {'data-action': action, 'data-broker': target.broker, 'data-leader': target.leader,
    class: cls, disabled: busy || !enabled, title: action + ' ' + (target.broker !== undefined ? 'broker ' + target.broker : target.leader || '')}, label);
}

function renderStatus(s) {
  lastStatus = s;
  document.getElementById('env').textContent = s.env
    ? `env ${s.env.name} (${s.env.kind}, ${s.env.phase}) · ${s.env.bootstrapServers}${s.run ? ' · run going on' : ''}`
    : `no environment · ${s.stateDir}`;
  const banner = document.getElementById('banner');
  banner.hidden = !s.message;
  banner.textContent = s.message || '';
  const led = {};
  (s.topics || []).forEach(t => t.partitions.forEach(p => { if (p.leader !== null) led[p.leader] = (led[p.leader] || 0) + 1; }));
  const tbody = document.querySelector('#brokers tbody');
  tbody.replaceChildren(...s.brokers.map(b => el('tr', {id: 'broker-' + b.id, 'data-state': b.state},
    el('td', {}, String(b.id)),
    el('td', {class: 'state state-' + b.state}, b.state),
    el('td', {}, b.pid === null ? '–' : String(b.pid)),
    el('td', {}, s.topics ? String(led[b.id] || 0) : '?'),
    el('td', {},
      button('kill', 'kill-broker', {broker: b.id}, b.state !== 'stopped', 'danger'),
      button('stop', 'stop-broker', {broker: b.id}, b.state !== 'stopped'),
      button('pause', 'pause-broker', {broker: b.id}, b.state === 'running'),
      button('resume', 'resume-broker', {broker: b.id}, b.state === 'paused', 'heal'),
      button('start', 'start-broker', {broker: b.id}, b.state === 'stopped', 'heal')))));
  document.getElementById('urp').textContent = s.underReplicated === null ? (s.env ? 'unknown (no answer)' : '–') : String(s.underReplicated);
  ['network-broker', 'protocol-broker'].forEach(id => {
    const select = document.getElementById(id);
    const chosen = select.value;
    select.replaceChildren(el('option', {value: ''}, 'all brokers'), ...s.brokers.map(b => el('option', {value: String(b.id)}, 'broker ' + b.id)));
    select.value = chosen;
  });
  ['delay', 'cut', 'heal', 'protocol-error', 'protocol-delay', 'drop-response']
    .forEach(id => { document.getElementById(id).disabled = busy || !s.env; });
  document.getElementById('toxics').replaceChildren(...(s.toxics.length === 0 ? [el('p', {class: 'note'}, 'No toxics, every proxy enabled.')]
    : s.toxics.map(t => el('div', {class: 'toxic'}, el('code', {}, t.proxy), t.enabled === false ? ' CUT ' : ' ',
        t.toxics.map(toxicText).join(', ')))));
  document.getElementById('apps').replaceChildren(...(s.apps.length === 0 ? [el('p', {class: 'note'}, 'No app instances recorded (a run starts them).')]
    : s.apps.map(a => el('div', {id: 'app-' + a.index}, `app ${a.index}: `, el('span', {class: 'state-' + a.state}, a.state),
        a.pid ? ` (pid ${a.pid})` : ''))));
  const parts = document.getElementById('partitions');
  if (!s.topics) {
    parts.replaceChildren(el('p', {class: 'note'}, s.env ? 'The cluster did not answer in time.' : 'No cluster.'));
    return;
  }
  parts.replaceChildren(...s.topics.map(t => el('div', {class: 'topic'}, el('b', {}, t.name),
    t.partitions.map(p => el('span', {class: 'partition' + (p.leader === null ? ' offline' : p.isr.length < p.replicas.length ? ' urp' : '')},
      `${p.partition}: ${p.leader === null ? '-' : p.leader} [${p.isr.join(',')}] `,
      t.name === 'order-placed' || t.name === 'notifications'
        ? button('kill leader', 'kill-broker', {leader: `${t.name}:${p.partition}`}, p.leader !== null, 'danger') : '')))));
}

function x(at, now, windowMs) {
  return LEFT + (W - LEFT - RIGHT) * (1 - (now - at) / windowMs);
}

function drawChart(id, lines, bars, now, windowMs, message) {
  const chart = document.getElementById(id);
  const nodes = [];
  const values = lines.flatMap(l => l.points.map(p => p[1]).filter(v => v !== null && isFinite(v)));
  const max = Math.max(1, ...values) * 1.1;
  const y = v => H - BOTTOM - (H - BOTTOM - TOP) * v / max;
  const from = now - windowMs;
  bars.forEach(b => {
    const x1 = x(Math.max(b.from, from), now, windowMs), x2 = x(b.to === null ? now : Math.min(b.to, now), now, windowMs);
    const run = b.source === 'run';
    const rect = svg('rect', {class: run ? 'run-fault' : 'fault-bar' + (b.to === null ? ' open' : ''), x: x1.toFixed(1),
      y: run ? TOP - 6 : TOP, width: Math.max(2, x2 - x1).toFixed(1), height: run ? 4 : H - BOTTOM - TOP,
      'data-source': b.source, 'data-action': b.action});
    rect.append(svg('title', {}, `${b.label} (${b.source})${b.to === null ? ', still in effect' : ''}`));
    nodes.push(rect);
  });
  nodes.push(svg('line', {class: 'axis', x1: LEFT, x2: W - RIGHT, y1: H - BOTTOM, y2: H - BOTTOM}));
  nodes.push(svg('line', {class: 'axis', x1: LEFT, x2: LEFT, y1: TOP, y2: H - BOTTOM}));
  nodes.push(svg('text', {class: 'tick', x: LEFT - 4, y: TOP + 4, 'text-anchor': 'end'}, max >= 100 ? max.toFixed(0) : max.toPrecision(2)));
  nodes.push(svg('text', {class: 'tick', x: LEFT - 4, y: H - BOTTOM, 'text-anchor': 'end'}, '0'));
  [windowMs, windowMs / 2, 0].forEach(ago => nodes.push(svg('text', {class: 'tick', x: x(now - ago, now, windowMs),
    y: H - 6, 'text-anchor': ago === 0 ? 'end' : 'middle'}, ago === 0 ? 'now' : `-${Math.round(ago / 1000)} s`)));
  if (message) {
    nodes.push(svg('text', {class: 'message', x: (LEFT + W) / 2, y: H / 2, 'text-anchor': 'middle'}, message));
  }
  lines.forEach((line, i) => {
    const colour = COLOURS[i % COLOURS.length];
    let segment = [];
    const flush = () => {
      if (segment.length > 1) nodes.push(svg('polyline', {stroke: colour, points: segment.join(' ')}));
      else if (segment.length === 1) nodes.push(svg('circle', {r: 2, fill: colour, cx: segment[0].split(',')[0], cy: segment[0].split(',')[1]}));
      segment = [];
    };
    line.points.filter(p => p[0] >= from).forEach(p => {
      if (p[1] === null || !isFinite(p[1])) flush(); else segment.push(`${x(p[0], now, windowMs).toFixed(1)},${y(p[1]).toFixed(1)}`);
    });
    flush();
    const latest = line.points.length ? line.points[line.points.length - 1][1] : null;
    nodes.push(svg('text', {class: 'tick', x: W - RIGHT - 4, y: TOP + 10 + 12 * i, 'text-anchor': 'end', fill: colour},
      `${line.name}${latest === null || latest === undefined ? '' : ': ' + (latest >= 100 ? latest.toFixed(0) : latest.toFixed(1))}`));
  });
  chart.replaceChildren(...nodes);
}

function renderSeries(s) {
  const bars = s.faults;
  if (s.source === 'run') {
    const phase = s.run.length ? s.run[s.run.length - 1].phase : null;
    document.getElementById('throughput-title').textContent =
      `Throughput (completed orders/s, from the run${phase ? ', phase ' + phase.toLowerCase() : ''})`;
    drawChart('chart-throughput', [{name: 'orders/s', points: s.run.map(p => [p.at, p.ordersPerSec])}], bars, s.now, s.windowMs);
    drawChart('chart-latency', [{name: 'p50 ms', points: s.run.map(p => [p.at, p.p50Ms])},
      {name: 'p99 ms', points: s.run.map(p => [p.at, p.p99Ms])}], bars, s.now, s.windowMs);
    drawChart('chart-inflight', [{name: 'in flight', points: s.run.map(p => [p.at, p.inFlight])}], bars, s.now, s.windowMs);
  } else {
    const none = s.source === 'none';
    document.getElementById('throughput-title').textContent = 'Throughput (records/s appended, from the brokers\' end offsets)';
    drawChart('chart-throughput', [{name: 'order-placed', points: s.cluster.map(p => [p.at, p.placedPerSec])},
      {name: 'notifications', points: s.cluster.map(p => [p.at, p.notificationsPerSec])}], bars, s.now, s.windowMs,
      none ? 'no environment is up' : (s.cluster.length === 0 ? 'waiting for the brokers' : null));
    const needRun = none ? 'no environment is up' : 'latency and in-flight orders need a run (./chaos run)';
    drawChart('chart-latency', [], bars, s.now, s.windowMs, needRun);
    drawChart('chart-inflight', [], bars, s.now, s.windowMs, needRun);
  }
}

async function getJson(path) {
  const response = await fetch(path, {cache: 'no-store', headers: {'X-Chaos-Token': TOKEN}});
  if (response.status === 401) throw new Error(NO_TOKEN);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

async function refresh() {
  try {
    const [status, series] = await Promise.all([getJson('/api/status'), getJson('/api/series')]);
    renderStatus(status);
    renderSeries(series);
    document.getElementById('updated').textContent = 'updated ' + new Date(status.at).toLocaleTimeString();
  } catch (e) {
    const banner = document.getElementById('banner');
    banner.hidden = false;
    banner.textContent = e.message === NO_TOKEN ? NO_TOKEN : 'The ui server does not answer (stopped?): ' + e.message;
  }
}

function loop() {
  refresh().finally(() => setTimeout(loop, REFRESH_MS));
}

function faultRequest(b) {
  const action = b.dataset.action;
  const request = {action};
  if (b.dataset.broker !== undefined) request.broker = Number(b.dataset.broker);
  if (b.dataset.leader !== undefined) request.leader = b.dataset.leader;
  if (action === 'delay' || action === 'cut') {
    const broker = document.getElementById('network-broker').value;
    if (broker !== '') request.broker = Number(broker);
    request.link = document.getElementById('network-link').value;
  }
  if (action === 'delay') request.ms = Number(document.getElementById('delay-ms').value);
  if (action === 'protocol-error' || action === 'protocol-delay' || action === 'drop-response') {
    // the verbs' options: protocol-error --api --error, protocol-delay --api --ms --stream, drop-response (produce)
    const broker = document.getElementById('protocol-broker').value;
    if (broker !== '') request.broker = Number(broker);
    request.share = Number(document.getElementById('protocol-share').value);
    if (action !== 'drop-response') request.api = document.getElementById('protocol-api').value;
    if (action === 'protocol-error') request.error = document.getElementById('protocol-error-code').value;
    if (action === 'protocol-delay') {
      request.ms = Number(document.getElementById('protocol-ms').value);
      request.stream = document.getElementById('protocol-stream').value;
    }
  }
  return request;
}

async function inject(request) {
  const result = document.getElementById('result');
  busy = true;
  document.querySelectorAll('button[data-action]').forEach(b => { b.disabled = true; });
  result.className = 'result';
  result.textContent = `${request.action}…`;
  try {
    const response = await fetch('/api/fault', {method: 'POST', cache: 'no-store',
      headers: {'Content-Type': 'application/json', 'X-Chaos-Token': TOKEN}, body: JSON.stringify(request)});
    const body = await response.json();
    result.className = response.ok ? 'result ok' : 'result error';
    result.textContent = response.ok ? body.message : `${request.action} refused: ${body.error}`;
  } catch (e) {
    result.className = 'result error';
    result.textContent = `${request.action} failed: ${e.message}`;
  } finally {
    busy = false;
    await refresh();
  }
}

document.addEventListener('click', event => {
  const b = event.target.closest('button[data-action]');
  if (!b || b.disabled) return;
  inject(faultRequest(b));
});

loop();
