import type { Widen } from "../widen";
import type { koHome } from "./home.ko";

/** English messages of the home page. */
export const enHome: Widen<typeof koHome> = {
  title: "Home",
  heroTitle: "Meet riders and experts near you",
  heroText:
    "Repair, rescue, pickup, riding coaching and meetings with owners of the same model: find the help a rider needs close by.",
  meetingsTitle: "Skill meetings",
  meetingsText:
    "Five kinds of meeting connect you one-to-one with an expert, free or paid, each with its own chat room.",
  meetingOwner: "Hear real-world experience from an owner of the model you are looking at.",
  meetingRepair: "Get help from simple DIY maintenance up to professional shop repairs.",
  meetingCoaching: "Learn to ride better from riders with three or more years of experience.",
  meetingRescue: "Call for towing or roadside help after a breakdown or an accident.",
  meetingPickup: "Have a motorcycle or parts carried safely to where you need them.",
  searchTitle: "Search",
  searchPlaceholder: "Search posts, reviews and riders",
  searchButton: "Search",
};
