import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useT } from "#app/i18n/react";
import { loadingBar, type LoadingBarState } from "#app/shell/loading-bar";

export function LoadingBar() {
  const navigation = useNavigation();
  const t = useT();
  const [state, setState] = useState<LoadingBarState>(loadingBar.current);
  useEffect(() => loadingBar.subscribe(setState), []);
  useEffect(() => {
    if (navigation.state === "idle") loadingBar.finish();
    else loadingBar.start();
  }, [navigation.state]);

  return (
    <div
      role="progressbar"
      aria-label={t("loading.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      aria-hidden={!state.visible}
      data-state={state.error ? "error" : state.visible ? "loading" : "idle"}
      className="pointer-events-none fixed inset-x-0 top-0 z-[999] h-[5px] origin-left transition-[width,opacity] duration-200"
      style={{
        width: `${state.progress}%`,
        opacity: state.visible ? 1 : 0,
        background: state.error
          ? "#e11d48"
          : "repeating-linear-gradient(to right, #00dc82 0%, #34cdfe 50%, #19786f 100%)",
      }}
    />
  );
}
