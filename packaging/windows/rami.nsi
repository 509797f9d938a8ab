; Rami's Windows installer, made with NSIS 3 (makensis). The same script serves both builds:
;   on Windows (the Windows job of .github/workflows/build.yml), after `python tools/build.py`:
;       makensis packaging\windows\rami.nsi
;   on Linux under Wine, `python tools/build_windows.py` runs Debian's makensis with
;       -DBUNDLE=<the one-folder bundle> -DOUTDIR=<where the setup goes>
; Without them it takes dist/Rami and writes dist/Rami-<version>-windows-x86_64-setup.exe; the
; version comes from pyproject.toml unless -DVERSION= gives it. makensis works from this folder:
; the paths below are relative to it.
;
; What it does: a per-user install (no administrator) into %LOCALAPPDATA%\Programs\Rami, a
; Start-menu shortcut, an optional desktop shortcut, the Rami icon, an uninstaller listed in
; Settings > Apps. The uninstaller removes only what the installer put there: the player's
; settings, saved match and statistics (%LOCALAPPDATA%\Rami) stay. Pages in English, French
; and Arabic (the darija words of strings.nsh); silent with /S (uninstall.exe /S too).
;
; While the game runs (Windows holds Rami.exe: it cannot be opened for writing), the installer
; and the uninstaller ask to close it (Retry, or Cancel: nothing is changed; silent: nothing is
; changed, exit code 2). Should a file still be held when removing (the game started again
; meanwhile), the uninstaller and its Apps entry stay with what is left, to be run again: no
; file is ever left without a way to remove it.

; a 64-bit installer where this NSIS has the amd64 stubs (Debian's has them), else the 32-bit one
; (the official Windows NSIS ships only x86 stubs; Windows runs it as well)
!if /FileExists "${NSISDIR}/Stubs/lzma_solid-amd64-unicode"
  Target amd64-unicode
!else
  Unicode true
!endif
ManifestDPIAware true
SetCompressor /SOLID lzma

!ifndef VERSION
  !searchparse /file "../../pyproject.toml" `version = "` VERSION `"`
!endif
!ifndef BUNDLE
  !define BUNDLE "../../dist/Rami"
!endif
!ifndef OUTDIR
  !define OUTDIR "../../dist"
!endif

!define APP "Rami"
!define EXE "Rami.exe"
!define PUBLISHER "The Rami developers"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Rami"

Name "${APP}"
OutFile "${OUTDIR}/${APP}-${VERSION}-windows-x86_64-setup.exe"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
RequestExecutionLevel user
BrandingText "${APP} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "(c) 2026 ${PUBLISHER}, MIT licence"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "x64.nsh"

!define MUI_ICON "../icons/rami.ico"
!define MUI_UNICON "../icons/rami.ico"
!define MUI_WELCOMEFINISHPAGE_BITMAP "wizard.bmp"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "wizard.bmp"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
; the language asked at the start is kept for the uninstaller
!define MUI_LANGDLL_REGISTRY_ROOT HKCU
!define MUI_LANGDLL_REGISTRY_KEY "Software\${APP}\Installer"
!define MUI_LANGDLL_REGISTRY_VALUENAME "Language"

!define MUI_WELCOMEPAGE_TEXT "$(Welcome)"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "$(RunRami)"
!insertmacro MUI_PAGE_FINISH

!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(KeepsFiles)"
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; the first is the default; the others are offered where Windows speaks them
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Arabic"
!insertmacro MUI_RESERVEFILE_LANGDLL
!include /CHARSET=UTF8 "strings.nsh"

; $R0 = 1 while the game runs from $INSTDIR: Windows then refuses to open Rami.exe for
; writing (opened to append, nothing written; an absent file is never created)
!macro GameRunning UN
Function ${UN}GameRunning
  StrCpy $R0 0
  ${If} ${FileExists} "$INSTDIR\${EXE}"
    ClearErrors
    FileOpen $R1 "$INSTDIR\${EXE}" a
    ${If} ${Errors}
      StrCpy $R0 1
    ${Else}
      FileClose $R1
    ${EndIf}
  ${EndIf}
FunctionEnd

; ask until the game is closed; Cancel (or silent) leaves everything as it is, exit code 2
Function ${UN}AskToCloseGame
  ${Do}
    Call ${UN}GameRunning
    ${If} $R0 == 0
      Return
    ${EndIf}
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(CloseRami)" /SD IDCANCEL IDRETRY again
    SetErrorLevel 2
    Quit
    again:
  ${Loop}
FunctionEnd
!macroend
!insertmacro GameRunning ""
!insertmacro GameRunning "un."

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_OK|MB_ICONSTOP "$(Needs64)" /SD IDOK
    Abort
  ${EndIf}
  !insertmacro MUI_LANGDLL_DISPLAY
  Call AskToCloseGame
FunctionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
  Call un.AskToCloseGame
FunctionEnd

Section "!$(SecGame)" SecGame
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; an update replaces the whole program folder's content, never the player's files
  RMDir /r "$INSTDIR\_internal"
  File "${BUNDLE}/${EXE}"
  File /r "${BUNDLE}/_internal"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" $0
SectionEnd

Section "$(SecDesktop)" SecDesktop
  CreateShortcut "$DESKTOP\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0
SectionEnd

Section "Uninstall"
  ; only what the installer wrote: the player's files live elsewhere (%LOCALAPPDATA%\Rami)
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  ${If} ${FileExists} "$INSTDIR\${EXE}"
  ${OrIf} ${FileExists} "$INSTDIR\_internal\*.*"
    ; a file still held (the game started again meanwhile): the uninstaller, its shortcuts
    ; and its Apps entry stay with what is left, to be run again once the game is closed
    MessageBox MB_OK|MB_ICONEXCLAMATION "$(NotAllRemoved)" /SD IDOK
    SetErrorLevel 2
    Return
  ${EndIf}
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINST_KEY}"
  DeleteRegKey HKCU "Software\${APP}\Installer"
  DeleteRegKey /ifempty HKCU "Software\${APP}"
SectionEnd
