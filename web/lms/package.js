// The one packaging module: an exercise set and the exercises page's files in, a SCORM 1.2, SCORM 2004 (4th edition)
// or cmi5 zip out. The page's "Download for your LMS" control and `npm run package` (scripts/package.mjs) both call
// makePackage(); only how they read the page's files differs (fetch / the disk). No DOM, no Node here.
//
// The zip holds the exercises page as built (its scripts, styles, the engine), `lms-package.json` (the set, the
// seed rule and the pass mark, which the page reads when launched with ?lms=1) and the LMS's manifest. The launch
// URL is `exercises.html?lms=1` (with `&lang=de` for a package made in a language: its pages open in that language
// whatever the learner's browser says); an LMS may add its own query (cmi5 does).
import { zipSync } from 'fflate';
import { escapeHtml as xml } from '../lib/escape.js';
import { setIri } from './ids.js';
import { LANGUAGES } from '../i18n/languages.js';

export const FORMATS = ['scorm12', 'scorm2004', 'cmi5'];
import { PACKAGE_CONFIG } from './package-config.js';
export { PACKAGE_CONFIG };
export const LAUNCH = 'exercises.html?lms=1';
/** The launch URL of a package in `lang` (null: the learner's own language). */
export const launchIn = (lang) => (lang ? `${LAUNCH}&lang=${encodeURIComponent(lang)}` : LAUNCH);
const MANIFEST = { scorm12: 'imsmanifest.xml', scorm2004: 'imsmanifest.xml', cmi5: 'cmi5.xml' };

/** Checks the options as both callers take them; returns a message or ''. */
export function problemWith({ format, seed, pass, lang = null }) {
  if (lang != null && !LANGUAGES.some((l) => l.code === lang)) return `the language must be one of ${LANGUAGES.map((l) => l.code).join(', ')} (got “${lang}”)`;
  if (!FORMATS.includes(format)) return `the format must be one of ${FORMATS.join(', ')} (got “${format}”)`;
  if (seed != null && !(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff)) return 'the seed must be a whole number from 0 to 4294967295';
  if (!(typeof pass === 'number' && pass > 0 && pass <= 1)) return 'the pass mark must be a number above 0 and at most 1 (0.8 = 80 %)';
  return '';
}

/** What the page reads back when an LMS launches it (web/lms/hook.js). */
export function packageConfig({ format, set, seed = null, pass = 0.8, version = '', lang = null }) {
  // lang: the language the package was made in, which the page speaks when the LMS launches it
  return { format, set: { id: set.id, title: set.title, text: set.text }, seed, pass, version, ...(lang ? { lang } : {}) };
}

/**
 * format: 'scorm12' | 'scorm2004' | 'cmi5'; set: {id, title, text} (text: the set's JSON exactly as the engine reads
 * it); seed: a fixed seed, or null (each learner's comes from their LMS id, ids.js); pass: 0 < pass ≤ 1;
 * pageFiles: Map path -> Uint8Array, the exercises page as built (exercises.html and what it loads);
 * csp: the page's Content-Security-Policy (cmi5 widens its connect-src); mtime: the date of every entry.
 * Returns the zip's bytes. Entries are sorted and dated alike, so one input gives one zip.
 */
export function makePackage({ format, set, seed = null, pass = 0.8, pageFiles, csp, mtime = new Date(Date.UTC(2026, 0, 1)), version = '', lang = null }) {
  const problem = problemWith({ format, seed, pass, lang });
  if (problem) throw new Error(problem);
  if (!pageFiles.has('exercises.html')) throw new Error('the exercises page (exercises.html) is missing from its files');
  const files = new Map(pageFiles);
  if (format === 'cmi5') files.set('exercises.html', widenConnectSrc(files.get('exercises.html'), csp));
  files.set(PACKAGE_CONFIG, utf8(JSON.stringify(packageConfig({ format, set, seed, pass, version, lang }), null, 1) + '\n'));
  const listed = [...files.keys()].sort();
  const title = set.title || 'Attention Lab exercises';
  const identifier = `attention-lab-${set.id}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  const launch = launchIn(lang);
  const manifest = format === 'scorm12' ? scorm12Manifest({ identifier, title, pass, listed, launch })
    : format === 'scorm2004' ? scorm2004Manifest({ identifier, title, pass, listed, launch })
      : cmi5Structure({ set, title, pass, launch });
  files.set(MANIFEST[format], utf8(manifest));
  const entries = {};
  for (const path of [...files.keys()].sort()) entries[path] = [files.get(path), { level: 9, mtime, os: 3, attrs: (0o100644 << 16) >>> 0 }];
  return zipSync(entries);
}

const utf8 = (text) => new TextEncoder().encode(text);

// cmi5: the page talks to the LMS's LRS, whose address it learns only at launch (the `endpoint` of its URL), so the
// cmi5 package's page may connect anywhere over http(s); the SCORM packages keep 'self' (their API is a JavaScript
// object in a parent frame, no request at all).
export function widenConnectSrc(htmlBytes, csp) {
  const html = new TextDecoder().decode(htmlBytes);
  const wide = csp.replace("connect-src 'self'", "connect-src 'self' https: http:");
  // the policy as the built page's <meta> carries it: quotes as they are, or escaped
  const form = [[csp, wide], [xml(csp), xml(wide)]].find(([narrow]) => html.includes(narrow));
  if (!form) throw new Error('exercises.html does not carry the expected Content-Security-Policy');
  return utf8(html.replace(form[0], form[1]));
}

const fileList = (listed) => listed.map((p) => `      <file href="${xml(p)}"/>`).join('\n');

function scorm12Manifest({ identifier, title, pass, listed, launch }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${xml(title)}</title>
      <item identifier="item" identifierref="sco" isvisible="true">
        <title>${xml(title)}</title>
        <adlcp:masteryscore>${Math.round(pass * 100)}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="${xml(launch)}">
${fileList(listed)}
    </resource>
  </resources>
</manifest>
`;
}

function scorm2004Manifest({ identifier, title, pass, listed, launch }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${xml(title)}</title>
      <item identifier="item" identifierref="sco" isvisible="true">
        <title>${xml(title)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pass-mark" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${pass}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="${xml(launch)}">
${fileList(listed)}
    </resource>
  </resources>
</manifest>
`;
}

function cmi5Structure({ set, title, pass, launch }) {
  const description = 'Attention exercises checked by the Attention Lab engine: each answer is recorded, the score is the share answered correctly.';
  const lang = (text) => `<langstring lang="en-US">${xml(text)}</langstring>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(setIri(set.id))}:course">
    <title>${lang(title)}</title>
    <description>${lang(description)}</description>
  </course>
  <au id="${xml(setIri(set.id))}" moveOn="CompletedOrPassed" masteryScore="${pass}" launchMethod="AnyWindow">
    <title>${lang(title)}</title>
    <description>${lang(description)}</description>
    <url>${xml(launch)}</url>
  </au>
</courseStructure>
`;
}

export const FILE_LIST = 'lms-files.json';

/**
 * The files the exercises page needs, from a built site's files (Map path -> bytes): exercises.html, then every
 * file whose name a needed file mentions (its scripts, styles, the engine's wasm, the worker, the icon). Built
 * names carry a hash of their content, so a mention is a use. The build writes the answer as lms-files.json, which
 * both callers read (the browser cannot list a folder).
 */
export function exercisePageFiles(site) {
  const byName = new Map();
  for (const path of site.keys()) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name).push(path);
  }
  const needed = new Set(['exercises.html']);
  const todo = ['exercises.html'];
  const decoder = new TextDecoder();
  while (todo.length) {
    const path = todo.pop();
    if (!/\.(html|js|mjs|css)$/.test(path)) continue;
    const text = decoder.decode(site.get(path));
    for (const [name, paths] of byName) {
      if (!text.includes(name)) continue;
      for (const p of paths) if (!needed.has(p) && !/\.html$/.test(p)) { needed.add(p); todo.push(p); }
    }
  }
  return [...needed].sort();
}
