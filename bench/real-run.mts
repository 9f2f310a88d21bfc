import { realTruth, scoreReal } from '../test/fixtures/score-real.ts';
const truth = realTruth()!;
const only = process.argv.slice(2);
let T={e:0,f:0,t:0,d:0,x:0,xl:0};
for (const [name, t] of Object.entries(truth)) {
  if (only.length && !only.some(o=>name.includes(o))) continue;
  const s = await scoreReal(name, t);
  T.e+=s.expected;T.f+=s.found;T.t+=s.titlesRight;T.d+=s.destRight;T.x+=s.extraItems;T.xl+=s.extraLinks;
  console.log(`${name.padEnd(45)} exp ${s.expected} found ${s.found} titles ${s.titlesRight} dest ${s.destRight} extraItems ${s.extraItems} extraLinks ${s.extraLinks} broken ${s.brokenLinks} ${(s.ms/1000).toFixed(1)}s idx ${s.review?.index.pages.join(',')}`);
  if (process.env.V) for (const p of s.problems.slice(0, 60)) console.log('    '+p);
}
console.log(T);
