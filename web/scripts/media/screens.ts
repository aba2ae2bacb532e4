/**
 * Still phone screens of the marketing pages as HTML (make-media.ts screenshots them at 406 x 720 CSS
 * px): the card checkout, the upload quality choice, the customer's delivery, the team's devices and the
 * earnings dashboard (its cards as they are). Sample names and amounts are made up.
 */
const FRAME_CSS = `
  * { box-sizing: border-box; margin: 0; }
  body { width: 406px; height: 720px; font-family: system-ui, "DejaVu Sans", sans-serif; color: #0f172a;
    background: linear-gradient(135deg, #1e3a8a, #6d28d9); display: grid; place-items: center; }
  .phone { width: 300px; height: 620px; border-radius: 44px; background: #020617; padding: 10px; position: relative; }
  .phone::before { content: ''; position: absolute; top: 20px; left: 105px; width: 90px; height: 24px;
    border-radius: 12px; background: #020617; z-index: 1; }
  .screen { height: 100%; border-radius: 34px; background: #f8fafc; overflow: hidden; padding: 52px 16px 16px;
    display: flex; flex-direction: column; gap: 10px; font-size: 13px; }
  .kicker { color: #1d4ed8; font-weight: 600; font-size: 12px; }
  h1 { font-size: 19px; }
  .muted { color: #64748b; }
  .card { background: #fff; border: 1.5px solid #e2e8f0; border-radius: 12px; padding: 10px 12px; }
  .row { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
  .button { background: #1d4ed8; color: #fff; border-radius: 12px; padding: 12px; text-align: center; font-weight: 600; font-size: 15px; }
  .button.secondary { background: #fff; color: #1d4ed8; border: 2px solid #1d4ed8; }
  .label { font-size: 12px; font-weight: 600; color: #64748b; margin-bottom: -4px; }
  .thumbs { display: flex; gap: 8px; }
  .thumb { width: 54px; height: 54px; border-radius: 8px; }
  .t1 { background: linear-gradient(#fb923c, #fde68a 60%, #0e7490 60%); }
  .t2 { background: linear-gradient(#38bdf8, #bae6fd 62%, #1e40af 62%); }
  .t3 { background: linear-gradient(#a78bfa, #f0abfc 58%, #4c1d95 58%); }
  .t4 { background: linear-gradient(#f472b6, #fed7aa 64%, #be185d 64%); }
  .pill { border-radius: 999px; padding: 2px 8px; font-size: 11px; font-weight: 600; white-space: nowrap; }
  .ok { background: #dcfce7; color: #15803d; }
  .busy { background: #dbeafe; color: #1d4ed8; }
`;

const page = (body: string, extraCss = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${FRAME_CSS}${extraCss}</style></head>
  <body><div class="phone"><div class="screen">${body}</div></div></body></html>`;

const checkout = page(`
  <p class="kicker">Secure checkout</p>
  <h1>Coastline Photo Co.</h1>
  <div class="thumbs"><div class="thumb t1"></div><div class="thumb t2"></div><div class="thumb t3"></div><div class="thumb t4"></div></div>
  <div class="row"><span class="muted">Harbour Sunset Cruise · 9 photos</span><strong style="font-size:18px">£18.00</strong></div>
  <p class="label">Email</p><div class="card">alex@example.com</div>
  <p class="label">Card information</p>
  <div class="card">4242 4242 4242 4242</div>
  <div class="row"><div class="card" style="flex:1">12 / 29</div><div class="card" style="flex:1">123</div></div>
  <p class="label">Name on card</p><div class="card">Alex Morgan</div>
  <div class="button">Pay £18.00</div>
  <p class="muted" style="text-align:center;font-size:11px">Card payments processed by Stripe</p>`);

const upload = page(
  `
  <p class="kicker">New event</p>
  <h1>Harbour Sunset Cruise</h1>
  <p class="muted">Saturday · 42 photos selected</p>
  <p class="label">Quality</p>
  <div class="card choice selected"><strong>Original</strong><br><span class="muted">Full resolution for prints and editing</span></div>
  <div class="card choice"><strong>Optimized</strong><br><span class="muted">Smaller files, ideal for social media</span></div>
  <p class="label">Add photos</p>
  <div class="button">Select from gallery</div>
  <div class="button secondary">Browse files</div>
  <div class="card row"><span>Uploading 18 of 42</span><span class="pill busy">43%</span></div>`,
  `.choice.selected { border-color: #1d4ed8; box-shadow: 0 0 0 2px #bfdbfe; }`,
);

const delivery = page(
  `
  <p class="kicker">Shutterlane</p>
  <h1>Your photos are ready</h1>
  <p class="muted">Harbour Sunset Cruise · 9 photos</p>
  <div class="grid">${['t1', 't2', 't3', 't4', 't2', 't1', 't3', 't4', 't1'].map((t) => `<div class="tile ${t}"></div>`).join('')}</div>
  <div class="button">Download all (ZIP)</div>
  <div class="button secondary">Share a photo</div>
  <p class="muted" style="text-align:center;font-size:11px">Available for 30 days · no account needed</p>`,
  `.grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; } .tile { aspect-ratio: 1; border-radius: 8px; }`,
);

const team = page(
  `
  <p class="kicker">Team</p>
  <h1>Coastline Photo Co.</h1>
  <p class="muted">4 devices uploading to one gallery</p>
  ${[
    ['Sam · iPhone', 'On the boat', 'busy', 'Uploading 12'],
    ['Priya · Android', 'Pier kiosk', 'ok', 'Up to date'],
    ['Jordan · Camera + laptop', 'Office', 'busy', 'Uploading 30'],
    ['Front desk · Tablet', 'Shop', 'ok', 'Up to date'],
  ]
    .map(
      ([who, where, state, label]) =>
        `<div class="card row"><div><strong>${who}</strong><br><span class="muted">${where}</span></div><span class="pill ${state}">${label}</span></div>`,
    )
    .join('')}
  <div class="card row"><span>Today's gallery</span><strong>318 photos</strong></div>`,
);

// The dashboard as it is: the three totals, the month's uploads and the team's share of them.
const dashboard = page(
  `
  <p class="kicker">Dashboard</p>
  <h1>Welcome, Harbour Photo Co.!</h1>
  <div class="stats">
    <div class="card"><span class="muted">Sales</span><br><strong>£3,412.50</strong></div>
    <div class="card"><span class="muted">Orders</span><br><strong>214</strong></div>
    <div class="card"><span class="muted">Photos</span><br><strong>5,870</strong></div>
    <div class="card"><span class="muted">Uploads this month</span><br><strong>1,240 of 5,000</strong></div>
  </div>
  <p class="label">Uploads This Month by Member</p>
  ${[
    ['Sam (owner)', '520'],
    ['Priya', '410'],
    ['Jordan', '310'],
  ]
    .map(([who, count]) => `<div class="card row"><span>${who}</span><strong>${count}</strong></div>`)
    .join('')}`,
  `.stats { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; } .stats strong { font-size: 17px; }`,
);

export const SCREENS = { checkout, upload, delivery, team, dashboard } as const;
export type ScreenName = keyof typeof SCREENS;
