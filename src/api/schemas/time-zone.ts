/**
 * The school time zone when none is known (docs/DOMAIN.md, "Calendar and time"); a school's own is schools.time_zone. In a
 * module of its own, without zod, because the client's first download needs it and not zod.
 */
export const DEFAULT_SCHOOL_TIME_ZONE = 'Asia/Dhaka';
