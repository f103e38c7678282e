import type { Widen } from "../widen";
import type { koProfile } from "./profile.ko";

/** English messages of member profiles. */
export const enProfile: Widen<typeof koProfile> = {
  title: "Member profile",
  memberSince: "Member since {date}",
  avatarOf: "Profile photo of {nickname}",
  mine: "My profile",
  viewPublic: "See the profile other members see",
  saved: "Your profile was saved.",
  mainLocation: "Main area: {area} ({lat}, {lng}); only you see the exact position.",
  avatarNumber: "Profile photo {number}",
  areaMap: "Map of the main riding area, {area}",
};
