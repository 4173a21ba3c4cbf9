; Inno Setup script of the Windows installer of Mappa: installs the folder that .ci/package builds
; on Windows (dist\mappa\, from packaging\mappa.spec), a Start menu entry, and Mappa as a program that
; opens scenario files. Not run by CI; on a Windows machine with Inno Setup 6:
;     bash .ci/package          (or: .venv\Scripts\pyinstaller --noconfirm packaging\mappa.spec)
;     iscc /DAppVersion=0.1.0 packaging\windows\mappa.iss
; which writes dist\mappa-0.1.0-windows-setup.exe. packaging/README.md says more.
;
; File association: Windows associates by the last extension only, so *.mappa.json files are .json
; files to it. Taking over every .json file would be rude; Mappa registers a "Mappa scenario" file
; class and offers itself in "Open with" for .json (OpenWithProgids), where the user can make it the
; default. The registry keys are written per user, or for all users when installed as administrator
; (HKA), and removed on uninstall.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\windows\mappa.iss (pyproject.toml has it)
#endif

[Setup]
AppId={{5B0E3C59-6F0B-4C4B-9D0E-6A2B8C3F1A71}
AppName=Mappa
AppVersion={#AppVersion}
AppPublisher=Mappa project
DefaultDirName={autopf}\Mappa
DefaultGroupName=Mappa
UninstallDisplayIcon={app}\mappa-editor.exe
OutputDir=..\..\dist
OutputBaseFilename=mappa-{#AppVersion}-windows-setup
Compression=lzma2
SolidCompression=yes
ChangesAssociations=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; mappa.exe (the command line, with a console) and mappa-editor.exe (the editor, without one)
; share the libraries and data of the folder.
Source: "..\..\dist\mappa\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Mappa"; Filename: "{app}\mappa-editor.exe"
Name: "{group}\{cm:UninstallProgram,Mappa}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Mappa"; Filename: "{app}\mappa-editor.exe"; Tasks: desktopicon

[Registry]
; The "Mappa scenario" file class: its name, icon and how to open a file with it.
Root: HKA; Subkey: "Software\Classes\Mappa.Scenario"; ValueType: string; ValueName: ""; ValueData: "Mappa scenario"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Mappa.Scenario\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\mappa-editor.exe,0"
Root: HKA; Subkey: "Software\Classes\Mappa.Scenario\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\mappa-editor.exe"" ""%1"""
; Offered in "Open with" for .json files.
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "Mappa.Scenario"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Applications\mappa-editor.exe"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "Mappa"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\mappa-editor.exe\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""

[Run]
Filename: "{app}\mappa-editor.exe"; Description: "{cm:LaunchProgram,Mappa}"; Flags: nowait postinstall skipifsilent
