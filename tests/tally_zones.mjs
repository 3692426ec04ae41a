// The daily's day and the streaks in the time zone Node runs in (TZ): run by
// tests/test_progress.py once per zone. argv: a JSON {instants: [ms], wins: [dates], today}.
// Prints {days: [today() at each instant], streak: streaks(wins, today)}.
import { today, streaks } from "../web/progress/tally.js";

const { instants, wins, today: day } = JSON.parse(process.argv[2]);
const daily = Object.fromEntries(wins.map((date) => [date, { helped: false }]));
console.log(JSON.stringify({ days: instants.map((ms) => today(new Date(ms))), streak: streaks(daily, day) }));
