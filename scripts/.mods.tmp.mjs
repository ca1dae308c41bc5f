import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const dist = process.argv[2];
const html = fs.readFileSync(dist+'/index.html','utf8');
const files=[...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(m=>m[1]);
const tot=new Map();
for (const f of files){ if(!fs.existsSync(dist+"/"+f+".map"))continue; const code=fs.readFileSync(dist+'/'+f,'utf8'); const c=new SourceMapConsumer(JSON.parse(fs.readFileSync(dist+'/'+f+'.map','utf8')));
 const ls=[];let o=0;for(const l of code.split('\n')){ls.push(o);o+=l.length+1}
 const pts=[];c.eachMapping(m=>pts.push([ls[m.generatedLine-1]+m.generatedColumn,m.source]),null,1);
 for(let i=0;i<pts.length;i++){const e=i+1<pts.length?pts[i+1][0]:code.length; const s=(pts[i][1]||'?').replace(/^.*node_modules\//,'nm:'); tot.set(s,(tot.get(s)||0)+e-pts[i][0]);}
}
for (const [k,v] of [...tot].sort((a,b)=>b[1]-a[1])) if (!process.argv[3] || k.includes(process.argv[3])) console.log(String(v).padStart(8),k);
