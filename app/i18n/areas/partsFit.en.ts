import type { Widen } from "../widen";
import type { koPartsFit } from "./partsFit.ko";

/** English messages of the models a parts or gear listing fits and of the "fits my garage" filter (ADR 072). */
export const enPartsFit: Widen<typeof koPartsFit> = {
  form: {
    legend: "Fits these models (optional)",
    hint: "Choose up to {max, number} models and model years this fits. Leave the years empty for every year.",
    row: "Model {n, number}",
    model: "Model",
    modelPlaceholder: "Choose a model",
    yearFrom: "From year",
    yearTo: "To year",
    option: "{model} ({from}–{to})",
    moreLater: "To add more, save and add them when you edit the listing.",
  },
  listing: {
    title: "Fits these models",
    allYears: "All years",
    years: "{from}–{to}",
    fromYear: "{from} onwards",
    toYear: "Up to {to}",
    oneYear: "{year}",
  },
  filter: {
    label: "Fits my garage only",
    hint: "Shows only listings that fit a model and year in your garage.",
    visitor: "Sign in and add your bike to your garage to see only listings that fit it.",
    signIn: "Sign in",
    noBikes: "Add your bike to your garage to see only listings that fit it.",
    addBike: "Add a bike to my garage",
    on: "Showing only listings that fit your garage ({bikes}).",
    empty: "Nothing fits the bikes in your garage yet.",
  },
  keyword: {
    onlyFitting: "Only parts and gear that fit my garage",
    onlyFittingHint: "You hear of a listing only when it fits one of your garage bikes.",
    onlyFittingTag: "Fits my garage only",
  },
  error: {
    fit_limit: "Choose at most {max, number} models.",
    fit_model_unknown: "That model is not in the catalogue. Choose it from the list again.",
    fit_duplicate: "The same model is chosen twice. Keep one of them.",
    fit_years_invalid: "The model years are not valid: the first year cannot be after the last.",
    fit_years_outside: "The catalogue has no model year in the chosen range. Check the years again.",
  },
};
