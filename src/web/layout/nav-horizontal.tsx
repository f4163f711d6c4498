import { useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { useTranslation } from "react-i18next";
import { LAYOUT } from "./layout-config";
import { isActivePath, type NavGroup, type NavItem } from "./nav-config";
import { NavChildrenMenu } from "./nav-section";

/** Horizontal navigation bar (64 px high) under the header. */
export function NavHorizontal({ groups }: { groups: NavGroup[] }) {
  const { t } = useTranslation("auth");
  return (
    <Box
      component="nav"
      aria-label={t("nav.label")}
      data-testid="nav"
      sx={{
        height: LAYOUT.navHorizontalHeight,
        display: "flex",
        alignItems: "center",
        gap: 0.5,
        px: 2,
        overflowX: "auto",
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "background.default",
      }}
    >
      {groups
        .flatMap((g) => g.items)
        .map((item) => (
          <HorizontalItem key={item.id} item={item} />
        ))}
    </Box>
  );
}

function HorizontalItem({ item }: { item: NavItem }) {
  const { t } = useTranslation("auth");
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = isActivePath(item.path, pathname);
  const sx = {
    flexShrink: 0,
    whiteSpace: "nowrap",
    color: active ? "primary.main" : "text.secondary",
    fontWeight: active ? 700 : 500,
  } as const;
  if (!item.children) {
    return (
      <Button
        component={RouterLink}
        to={item.path}
        startIcon={item.icon}
        data-nav-item={item.id}
        aria-current={active ? "page" : undefined}
        sx={sx}
      >
        {t(item.titleKey)}
      </Button>
    );
  }
  return (
    <>
      <Button
        startIcon={item.icon}
        endIcon={<ExpandMore />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-nav-item={item.id}
        sx={sx}
      >
        {t(item.titleKey)}
      </Button>
      <NavChildrenMenu
        item={item}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        placement="bottom"
      />
    </>
  );
}
