/**
 * The nearby feature: SPEC §2 nearby/nearby (companies and stock around the user), and two pages other features
 * reuse — choose_location (pick a place by searching `map/place_search`, or the user's own located position) and
 * open_location (show a point with its name and address, and open it in a map app).
 *
 * Picking a location from another feature:
 *
 * ```ts
 * import { chooseLocationPath, takeChosenLocation } from '../nearby';
 *
 * // 1. Open the picker under a key of your own (letters, digits, _ or -), optionally searching near a point:
 * navigate(chooseLocationPath('inquiryAddress', { lng, lat }));
 *
 * // 2. When your page shows again (choose_location goes back after a pick), take the place once:
 * const [place] = useState(() => takeChosenLocation('inquiryAddress'));
 * // place: SPEC §3's place (name, address, lonlat, …) with GCJ-02 lng/lat and, when the map service knows them,
 * // province/city/district names as the region table spells them; null when the user went back without picking.
 * ```
 *
 * Showing a location: `navigate(openLocationPath({ lng, lat, name, address }))`.
 *
 * Only this file is for other features; it carries no page code.
 */
export { type ChosenPlace, chooseLocationPath, openLocationPath, takeChosenLocation } from './location';
