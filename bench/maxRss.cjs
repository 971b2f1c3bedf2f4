// Preloaded into a measured process (NODE_OPTIONS=--require): writes its peak RSS in KB on exit.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  if (process.env.MAX_RSS_FILE)
    writeFileSync(process.env.MAX_RSS_FILE, String(process.resourceUsage().maxRSS));
});
