import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRIPTS_AFTER_FIRST_PAINT_HASH, withScriptsAfterFirstPaint } from './scripts-after-first-paint';

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Sanga</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-libraries-b.js">
    <link rel="modulepreload" crossorigin href="/assets/page-c.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('withScriptsAfterFirstPaint', () => {
  const page = withScriptsAfterFirstPaint(built);

  it('leaves no script or module preload for the browser to fetch before the page paints', () => {
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // The stylesheet stays where it was: the page paints with it.
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d.css">');
  });

  it('lists them, in order, for the inline starter, which the Content-Security-Policy allows by its hash', () => {
    expect(page).toContain('<script type="application/json" id="sanga-scripts">{"entry":"/assets/index-a.js","libraries":"/assets/shell-libraries-b.js","preload":["/assets/shell-libraries-b.js","/assets/page-c.js"]}</script>');
    const inline = /<script>(.*?)<\/script><\/body>/s.exec(page)?.[1];
    expect(inline).toContain('requestAnimationFrame');
    // The preloads are added a few a task (for at most 3 ms, the rest after a timeout), not in one long task.
    expect(inline).toContain('performance.now()-began<3');
    expect(inline).toContain('setTimeout(more,0)');
    // A screen whose largest paint is a photo starts them once that photo is painted (or fails), a second at most.
    expect(inline).toContain("querySelector('img[fetchpriority=high]')");
    expect(inline).toContain('setTimeout(start,1000)');
    // The libraries' chunk runs as a script of its own, and the entry a task after it has (or has failed).
    expect(inline).toContain('if(list.libraries)run(list.libraries,app);else app()');
    expect(inline).toContain('script.onload=script.onerror=function(){setTimeout(then,0)}');
    expect(SCRIPTS_AFTER_FIRST_PAINT_HASH).toBe(`'sha256-${createHash('sha256').update(inline!).digest('base64')}'`);
  });

  it('starts the entry alone when the build has no libraries chunk', () => {
    const withoutLibraries = withScriptsAfterFirstPaint(built.replace('shell-libraries-b.js', 'shell-b.js'));
    expect(withoutLibraries).toContain('{"entry":"/assets/index-a.js","preload":["/assets/shell-b.js","/assets/page-c.js"]}');
  });

  it("leaves a page that is not the build's index.html as it is", () => {
    const twoEntries = built.replace('</head>', '<script type="module" crossorigin src="/assets/other.js"></script></head>');
    expect(withScriptsAfterFirstPaint(twoEntries)).toBe(twoEntries);
    expect(withScriptsAfterFirstPaint('<html><body></body></html>')).toBe('<html><body></body></html>');
  });
});
