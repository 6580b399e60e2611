import WebSocket from 'ws';
import sharp from 'sharp';
const base = 'http://127.0.0.1:3301';
const call = async (path, body, session = '') => {
  const res = await fetch(`${base}/${path}.htmls`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 5, openId: '', session_id: session, ...body }) });
  return res.json();
};
const login = async (account) => (await call('user/login', { account, password: 'demo1234' })).data.sessionId;
const buyer = await login('13800000001');
const seller = await login('13800000002');
const upload = async (session, kind, name, data, type) => {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), name);
  const res = await fetch(`${base}/upload/file.htmls?session_id=${session}&platform=5&kind=${kind}`, { method: 'POST', body: form });
  const body = await res.json();
  if (body.codeFlag !== 0) throw new Error(JSON.stringify(body));
  return body.data[0];
};
const photo = await sharp({ create: { width: 800, height: 560, channels: 3, background: { r: 170, g: 180, b: 195 } } })
  .composite([{ input: Buffer.from('<svg width="800" height="560"><rect x="80" y="120" width="640" height="320" rx="20" fill="#7d8da3"/><text x="400" y="300" font-size="64" text-anchor="middle" fill="#fff">A00 铝锭</text></svg>') }])
  .jpeg().toBuffer();
const image = await upload(seller, 'image', 'ingot.jpg', photo, 'image/jpeg');
const file = await upload(seller, 'chatFile', '11月铝锭报价单.pdf', Buffer.from('%PDF-1.4\n' + 'x'.repeat(48000)), 'application/pdf');
const voice = await upload(buyer, 'voice', 'voice.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 7)]), 'audio/webm');
const stocks = await call('stock/company_list', { rootId: 2, page: 1 }, buyer);
const capacities = await call('capacity/company_list', { rootId: 2, page: 1 }, buyer);
const shop = await call('shop/detail', { id: 2 }, buyer);
console.log('stocks', stocks.codeFlag, stocks.data?.list?.length, 'capacities', capacities.codeFlag, capacities.data?.list?.length, 'shopOpen', shop.data?.marks?.shopOpen);
const stockId = stocks.data?.list?.[0]?.id;
const capacityId = capacities.data?.list?.[0]?.id;

const socket = async (session) => {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/chat/ws`);
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: -1, info: JSON.stringify({ uuid: session, clientType: 5 }) }));
  const answers = [];
  ws.on('message', (d) => answers.push(JSON.parse(d.toString())));
  return { ws, answers };
};
const b = await socket(buyer);
const s = await socket(seller);
let n = Date.now();
const send = async (client, from, to, type, content) => {
  const uuid = `seed-${n++}`;
  client.ws.send(JSON.stringify({ type, chatId: from < to ? `${from}_${to}` : `${to}_${from}`, info: JSON.stringify(content), receiveUserId: to, uuid }));
  for (let i = 0; i < 50; i++) {
    const a = client.answers.find((f) => f.info === uuid || f.uuid === uuid);
    if (a) { if (a.type !== 4) console.log('refused', type, a.mesg); return; }
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log('no answer', type);
};
await send(b, 1, 2, 1, { mesg: '你好，A00铝锭还有现货吗？' });
if (stockId) await send(b, 1, 2, 7, { proType: 1, proId: stockId, sendOrShare: 1 });
await send(s, 2, 1, 1, { mesg: '有的，佛山仓库现货30吨 👍' });
await send(s, 2, 1, 2, { imgUrl: image.url });
await send(s, 2, 1, 3, { urlPath: file.url });
await send(b, 1, 2, 2, { imgUrl: '/emoticons/thumbs-up.svg', emoticon: true });
await send(b, 1, 2, 4, { filePath: voice.url, duration: 8 });
await send(s, 2, 1, 5, { address: '广东省佛山市南海区大沥镇沥东工业区', lat: 23.11, lgt: 113.12, name: '大沥铝材仓库' });
if (capacityId) await send(s, 2, 1, 7, { proType: 4, proId: capacityId, sendOrShare: 1 });
if (shop.data?.marks?.shopOpen) await send(s, 2, 1, 7, { proType: 5, proId: 2, sendOrShare: 1 });
await send(s, 2, 1, 8, { id: 3, newsType: 1, title: '本周铝价震荡上行，库存继续下降', intro: '长江现货A00铝均价上涨180元/吨，社会库存连续三周下降。', image_path: '' });
await send(s, 2, 1, 10, { orderId: 21 });
await send(s, 2, 1, 10, { orderId: 21 });
await send(s, 2, 1, 11, { inquiryId: 9 });
await send(s, 2, 1, 6, {});
await send(b, 1, 2, 1, { mesg: '🤝🤝' });
b.ws.close(); s.ws.close();
console.log('seeded');
