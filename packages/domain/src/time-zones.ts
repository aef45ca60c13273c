/**
 * Time zones in people's words, and the one way every screen writes a moment: in the
 * store's zone. A zone is found by its IANA name (`America/New_York`), its city ("New
 * York"), the common name of its region ("Eastern", "Pacific Time") or an abbreviation
 * ("EST", "PT").
 */

/** Common names of zones people say instead of a city: North America's regions and a few more. */
const COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['Eastern', 'Eastern Time', 'ET', 'EST', 'EDT', 'US Eastern'],
  'America/Detroit': ['Eastern', 'Michigan'],
  'America/Toronto': ['Eastern', 'Ontario'],
  'America/Indiana/Indianapolis': ['Eastern', 'Indiana'],
  'America/Kentucky/Louisville': ['Eastern', 'Kentucky'],
  'America/Chicago': ['Central', 'Central Time', 'CT', 'CST', 'CDT', 'US Central'],
  'America/Winnipeg': ['Central', 'Manitoba'],
  'America/Mexico_City': ['Central', 'Mexico'],
  'America/Denver': ['Mountain', 'Mountain Time', 'MT', 'MST', 'MDT', 'US Mountain', 'Colorado'],
  'America/Edmonton': ['Mountain', 'Alberta'],
  'America/Boise': ['Mountain', 'Idaho'],
  'America/Phoenix': ['Mountain', 'Arizona', 'MST'],
  'America/Los_Angeles': ['Pacific', 'Pacific Time', 'PT', 'PST', 'PDT', 'US Pacific', 'California', 'San Francisco', 'Seattle'],
  'America/Vancouver': ['Pacific', 'British Columbia'],
  'America/Anchorage': ['Alaska', 'AKST', 'AKDT'],
  'Pacific/Honolulu': ['Hawaii', 'HST'],
  'America/Halifax': ['Atlantic', 'AST', 'ADT', 'Nova Scotia'],
  'America/St_Johns': ['Newfoundland', 'NST'],
  'America/Puerto_Rico': ['Atlantic', 'Puerto Rico'],
  'Europe/London': ['UK', 'Britain', 'GMT', 'BST'],
  'Europe/Dublin': ['Ireland'],
  'Europe/Paris': ['Central European', 'CET', 'France'],
  'Europe/Berlin': ['Central European', 'CET', 'Germany'],
  'Asia/Kolkata': ['India', 'IST', 'Mumbai', 'Delhi'],
  'Asia/Tokyo': ['Japan', 'JST'],
  'Australia/Sydney': ['Australian Eastern', 'AEST', 'AEDT'],
  UTC: ['Coordinated Universal Time', 'GMT', 'Zulu'],
};

/** Lower case, accents and punctuation gone, runs of spaces as one: how words are compared. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_/\-.,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The city of an IANA name: 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
export function timeZoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/** Every word a zone is known by: its name, its city, the common names of its region. */
export function timeZoneWords(zone: string): string[] {
  return [zone, timeZoneCity(zone), ...(COMMON_NAMES[zone] ?? [])];
}

/**
 * Whether a zone answers a search: every word typed starts a word of one of its names
 * ("new york", "eastern", "pacific time", "america/new") or the typed text is within
 * its IANA name.
 */
export function timeZoneMatches(zone: string, search: string): boolean {
  const typed = fold(search);
  if (typed === '') return true;
  const known = foldedNames(zone);
  if (known.zone.includes(typed)) return true;
  const terms = typed.split(' ');
  return known.names.some((words) => terms.every((term) => words.some((word) => word.startsWith(term))));
}

const folded = new Map<string, { zone: string; names: string[][] }>();

/** A zone's names folded for comparison, once per zone. */
function foldedNames(zone: string): { zone: string; names: string[][] } {
  let known = folded.get(zone);
  if (!known) {
    known = { zone: fold(zone), names: timeZoneWords(zone).map((name) => fold(name).split(' ')) };
    folded.set(zone, known);
  }
  return known;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const STAMP: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(kind: 'dateTime' | 'date' | 'stamp', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options = kind === 'dateTime' ? DATE_TIME : kind === 'date' ? DATE : STAMP;
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

/** `moment` written by the format of `kind` in `timeZone`; null when unparseable or no zone is given (not yet known). */
function write(kind: 'dateTime' | 'date' | 'stamp', moment: string | Date, timeZone: string | undefined): Intl.DateTimeFormatPart[] | null {
  const ms = typeof moment === 'string' ? Date.parse(moment) : moment.getTime();
  return timeZone && Number.isFinite(ms) ? formatIn(kind, timeZone).formatToParts(ms) : null;
}

const joined = (parts: Intl.DateTimeFormatPart[] | null) => (parts ? parts.map((p) => p.value).join('') : '');

/** A moment as the screens show it, in `timeZone`: 'May 1, 2026, 3:04 PM'; '' when unparseable or no zone is given. */
export function formatDateTimeIn(moment: string | Date, timeZone: string | undefined): string {
  return joined(write('dateTime', moment, timeZone));
}

/** A moment's calendar day in `timeZone`: 'May 1, 2026'; '' when unparseable or no zone is given. */
export function formatDateIn(moment: string | Date, timeZone: string | undefined): string {
  return joined(write('date', moment, timeZone));
}

/** A moment to the second in `timeZone`, as a spreadsheet reads it: '2026-05-01 15:04:05'; '' when unparseable or no zone is given. */
export function formatStampIn(moment: string | Date, timeZone: string | undefined): string {
  const parts = write('stamp', moment, timeZone);
  if (!parts) return '';
  const part: Record<string, string> = {};
  for (const p of parts) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
